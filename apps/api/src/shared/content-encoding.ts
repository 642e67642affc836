import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'

/** Below this many bytes a body is sent as it is: compressing it would save less than it costs. */
export const COMPRESS_FROM_BYTES = 1024

/** The encoding to send a kept body in: brotli, then gzip, when the client accepts it. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/**
 * A text body the server keeps (a cached answer, a page), with its brotli and gzip forms, each
 * made the first time a client asks for it.
 */
export interface KeptBody {
  text: string
  br?: Buffer
  gzip?: Buffer
}

/**
 * What to send for `body` to a client sending `acceptEncoding`: the encoding to name in
 * Content-Encoding (none for small bodies or clients that accept neither) and the bytes.
 */
export function encodeKeptBody(
  body: KeptBody,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip' | undefined; payload: string | Buffer } {
  const encoding = body.text.length >= COMPRESS_FROM_BYTES ? preferredEncoding(acceptEncoding) : undefined
  if (encoding === 'br') {
    body.br ??= brotliCompressSync(body.text, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    })
    return { encoding, payload: body.br }
  }
  if (encoding === 'gzip') {
    body.gzip ??= gzipSync(body.text)
    return { encoding, payload: body.gzip }
  }
  return { encoding, payload: body.text }
}
