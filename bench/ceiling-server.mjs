// The ceilings every figure is a ratio against: a bare Fastify route answering a fixed JSON object,
// and a bare route doing one primary-key lookup through a pg pool sized like the API's (10).
//   DATABASE_URL=… PORT=… node bench/ceiling-server.mjs
import Fastify from 'fastify'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const app = Fastify({ logger: false })
const fixed = { message: 'ok', id: 1, name: 'TownWorks', items: [1, 2, 3] }
let max = 300

app.get('/fixed', async () => fixed)
app.get('/lookup', async () => {
  const id = 1 + Math.floor(Math.random() * max)
  const { rows } = await pool.query('select id, name, town_id, phone from workers where id = $1', [id])
  return rows[0] ?? {}
})

const { rows } = await pool.query('select count(*)::int n from workers')
max = Math.max(1, rows[0].n)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
console.log('ceiling server ready')
process.on('SIGTERM', async () => {
  await app.close()
  await pool.end()
  process.exit(0)
})
