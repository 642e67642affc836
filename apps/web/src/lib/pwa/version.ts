/** The message a page sends the service worker (src/sw.ts) to learn the version it serves. */
export const VERSION_MESSAGE = 'TOWNWORKS_VERSION'

/**
 * A short name of one build: a hash of its precache list (every file's URL and revision), so it
 * changes exactly when what the worker serves changes. Plain string hashing: no crypto in the worker.
 */
export function versionOf(entries: readonly (string | { url: string; revision?: string | null })[]): string {
  let hash = 5381
  for (const entry of entries) {
    const text = typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`
    for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0
  }
  return (hash >>> 0).toString(36)
}
