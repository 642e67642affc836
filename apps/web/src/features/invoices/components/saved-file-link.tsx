import { useState, type MouseEvent } from 'react'

export interface SavedFileLinkProps {
  /** The file's address. */
  href: string
  /** The name the browser saves it under. */
  fileName: string
  /** What the link says, and what it is read as (with the document's number: there is one per row). */
  children: string
  label: string
  /**
   * Run before the browser fetches the file: a call through the API client renews an expired session
   * first, so the file's request carries a valid cookie (as the tables' CSV button does).
   */
  beforeDownload: () => Promise<unknown>
}

/**
 * A link that saves a file the API sends as an attachment (a document's PDF). A plain link with
 * `download` underneath: it works without scripts and with a middle click; a press waits for the
 * session to be renewed, then saves.
 */
export function SavedFileLink({ href, fileName, children, label, beforeDownload }: SavedFileLinkProps) {
  const [busy, setBusy] = useState(false)
  const handleClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setBusy(true)
    try {
      await beforeDownload()
    } finally {
      setBusy(false)
    }
    const save = document.createElement('a')
    save.href = href
    save.download = fileName
    document.body.append(save)
    save.click()
    save.remove()
  }
  return (
    <a
      className="invoices-file-link"
      href={href}
      download={fileName}
      aria-label={label}
      aria-busy={busy || undefined}
      onClick={(event) => void handleClick(event)}
    >
      {children}
    </a>
  )
}
