import { VERSION_MESSAGE } from './version'

/** Where the page keeps the version of the service worker that last served it (one browser, any user). */
export const SEEN_VERSION_KEY = 'townworks.appVersion'

/**
 * Whether to say "TownWorks was updated" (decision 065): when the worker now serving the page has
 * another version than the one that served it last time. Never on a first visit (nothing seen yet),
 * never without a worker in control; `store` is what to remember for the next visit.
 */
export function updatedNoteDecision(
  seen: string | null,
  current: string | undefined,
): { show: boolean; store?: string } {
  if (!current) return { show: false }
  if (seen === null) return { show: false, store: current }
  if (seen === current) return { show: false }
  return { show: true, store: current }
}

/** The version of the worker controlling this page, or undefined (none, or no answer within the time). */
export function askVersion(worker: ServiceWorker | null | undefined, timeoutMs = 3000): Promise<string | undefined> {
  if (!worker) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), timeoutMs)
    channel.port1.onmessage = (event: MessageEvent<{ version?: unknown }>) => {
      clearTimeout(timer)
      resolve(typeof event.data?.version === 'string' ? event.data.version : undefined)
    }
    worker.postMessage({ type: VERSION_MESSAGE }, [channel.port2])
  })
}

export interface NoteWords {
  updated: string
  dismiss: string
}

/**
 * The note itself: a small `role="status"` box at the foot of the screen, on every screen (it sits
 * outside the app's root), that takes no focus and closes with its button. The live region goes in
 * empty and its words a moment later, so screen readers announce them.
 */
export function showUpdatedNote(words: NoteWords, doc: Document = document): HTMLElement {
  const note = doc.createElement('div')
  note.className = 'update-note'
  note.setAttribute('role', 'status')
  note.setAttribute('data-update-note', '')
  // Its own look, so the shell's stylesheet (inline in index.html) does not grow for a rare note.
  Object.assign(note.style, {
    position: 'fixed',
    insetInline: '0.75rem',
    bottom: '0.75rem',
    zIndex: '1000',
    display: 'flex',
    alignItems: 'center',
    gap: '0.75rem',
    maxWidth: '32rem',
    margin: '0 auto',
    padding: '0.5rem 0.5rem 0.5rem 1rem',
    color: '#fff',
    background: 'var(--tw-brand, #12355b)',
    borderRadius: 'var(--tw-radius, 8px)',
    boxShadow: '0 4px 16px rgb(0 0 0 / 25%)',
  } satisfies Partial<CSSStyleDeclaration>)
  const text = doc.createElement('p')
  text.style.margin = '0'
  text.style.flex = '1'
  const close = doc.createElement('button')
  close.type = 'button'
  close.className = 'button'
  close.addEventListener('click', () => note.remove())
  note.append(text, close)
  doc.body.append(note)
  setTimeout(() => {
    text.textContent = words.updated
    close.textContent = words.dismiss
  }, 100)
  return note
}

/** The note's words in the page's language (src/locales/lazy/pwa/<lng>.json, fetched only when it shows). */
const WORDS = import.meta.glob<{ default: NoteWords }>('../../locales/lazy/pwa/*.json')

export async function noteWords(language: string): Promise<NoteWords> {
  const load = WORDS[`../../locales/lazy/pwa/${language}.json`] ?? WORDS['../../locales/lazy/pwa/en.json']
  if (!load) throw new Error('No words for the update note')
  return (await load()).default
}

/**
 * On each visit: ask the controlling worker its version, compare with the one seen last, remember
 * it, and show the note when it changed.
 */
export async function noteIfUpdated(
  container: ServiceWorkerContainer,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  doc: Document = document,
): Promise<boolean> {
  const current = await askVersion(container.controller)
  let seen: string | null = null
  try {
    seen = storage.getItem(SEEN_VERSION_KEY)
  } catch {
    return false
  }
  const decision = updatedNoteDecision(seen, current)
  try {
    if (decision.store) storage.setItem(SEEN_VERSION_KEY, decision.store)
  } catch {
    // No storage: no note either (it would show on every visit).
    return false
  }
  if (!decision.show) return false
  showUpdatedNote(await noteWords(doc.documentElement.lang), doc)
  return true
}
