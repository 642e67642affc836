// A small round-robin load balancer on Node's http module, in front of several API processes.
//   PORT=… BACKENDS=127.0.0.1:4001,127.0.0.1:4002 node bench/load-balancer.mjs
import http from 'node:http'

const backends = process.env.BACKENDS.split(',').map((b) => {
  const [host, port] = b.split(':')
  return { host, port: Number(port) }
})
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
let next = 0

const server = http.createServer((req, res) => {
  const target = backends[next++ % backends.length]
  const upstream = http.request(
    {
      host: target.host,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode, answer.headers)
      answer.pipe(res)
    },
  )
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502)
    res.end()
  })
  req.pipe(upstream)
})
server.keepAliveTimeout = 30_000
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('load balancer ready'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
