import type { Send } from './api-client'

/** How much of a request's body has gone: bytes sent of the whole. */
export interface UploadProgress {
  loaded: number
  total: number
}

/** A response's headers as XMLHttpRequest gives them ("name: value" lines). */
function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers()
  for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return headers
}

const abortError = () => new DOMException('The upload was aborted.', 'AbortError')

/**
 * A sender for `api.call`'s `send` that reports the bytes of the body as they go, for an upload on a
 * weak phone signal (fetch reports none). It is XMLHttpRequest behaving as `fetch` does for the client
 * (api-client.ts), so the call keeps everything else of the client: its headers, its session renewal
 * (the retry after a renewal is sent again through here, its progress from 0) and its errors:
 *
 * - the cookies go with it (`credentials: 'include'` is `withCredentials`);
 * - the server's answer, whatever its status, is a `Response` with its status, headers and body;
 * - no answer at all (the line dropped, the server unreachable) rejects with a TypeError, as fetch's
 *   does, which the client turns into an ApiError of kind `network`;
 * - the signal's abort aborts the request and rejects with an AbortError, which the client lets
 *   through as it is.
 *
 * Only the lazily loaded parts that upload import it: it is not in any screen's first load.
 */
export function sendWithProgress(onProgress: (progress: UploadProgress) => void): Send {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined
      if (signal?.aborted) {
        reject(abortError())
        return
      }
      const xhr = new XMLHttpRequest()
      const onAbort = () => xhr.abort()
      xhr.open(init.method ?? 'GET', url)
      xhr.withCredentials = init.credentials === 'include'
      for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value)
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total })
      }
      const failed = () => reject(new TypeError('Failed to fetch'))
      xhr.onload = () => {
        // No status is no answer (a `Response` cannot have it).
        if (xhr.status === 0) return failed()
        // A status with no body (204, 304) takes none: `Response` refuses one.
        const body = xhr.responseText === '' ? null : xhr.responseText
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) }))
      }
      xhr.onerror = failed
      xhr.ontimeout = failed
      xhr.onabort = () => reject(abortError())
      xhr.onloadend = () => signal?.removeEventListener('abort', onAbort)
      signal?.addEventListener('abort', onAbort)
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
    })
}
