import type { EndpointName } from '@townworks/contract'
import { useState, type MouseEvent } from 'react'
import type { ApiQuery } from '../../lib/api-client'
import type { FileEndpointName, Route } from '../../lib/api-routes'
import { env } from '../../lib/env'

/**
 * The address of a file the API streams (the tables' CSV exports, decision 045), typed by the
 * contract like api.call: `fileUrl<'exportRequests'>('/api/requests/export.csv', filters)` fails to
 * compile with another endpoint's path or query. It lives with the table (not in lib's api client,
 * which the first load carries), so only the screens with tables load it.
 */
export function fileUrl<N extends FileEndpointName & EndpointName>(path: Route<N>[1], query?: ApiQuery<N>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean')
      search.append(key, String(value))
  }
  const qs = search.toString()
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`
}

export interface ExportCsvButtonProps {
  /** The file's address (fileUrl). */
  href: string
  fileName: string
  label: string
  /**
   * Run before the browser fetches the file: the screen's own query, read again through the API
   * client, renews an expired session first, so the file's request carries a valid cookie.
   */
  beforeDownload?: () => Promise<unknown>
}

/** A link that saves a file the server streams (every row the filters keep, not the page on view). */
export function ExportCsvButton({ href, fileName, label, beforeDownload }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false)
  const handleClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!beforeDownload) return
    event.preventDefault()
    const link = event.currentTarget
    setBusy(true)
    try {
      await beforeDownload()
    } finally {
      setBusy(false)
    }
    // The same link, now without the wait: the browser saves the answer as the file.
    const save = document.createElement('a')
    save.href = link.href
    save.download = fileName
    document.body.append(save)
    save.click()
    save.remove()
  }
  return (
    <a
      className="data-table__button data-table__export"
      href={href}
      download={fileName}
      aria-busy={busy || undefined}
      onClick={(event) => void handleClick(event)}
    >
      {label}
    </a>
  )
}
