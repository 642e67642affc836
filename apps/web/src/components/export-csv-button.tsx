import { useState, type MouseEvent } from 'react'
import './export-csv-button.css'

export interface ExportCsvButtonProps {
  /** The file's address (lib/api-file.ts). */
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
      className="data-table__button export-csv-button"
      href={href}
      download={fileName}
      aria-busy={busy || undefined}
      onClick={(event) => void handleClick(event)}
    >
      {label}
    </a>
  )
}
