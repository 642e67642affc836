/**
 * jsdom has no layout and no matchMedia. This sets window.innerWidth and installs a matchMedia that
 * answers min-width / max-width queries from it, and tells listeners when the width changes.
 */
type Listener = (event: MediaQueryListEvent) => void

const listeners = new Set<{ query: string; listener: Listener }>()

function evaluate(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)]
  if (conditions.length === 0) return false
  return conditions.every(([, kind, value]) => (kind === 'min' ? width >= Number(value) : width <= Number(value)))
}

/** Install the fake viewport at `width` CSS pixels (setup does this with 1280 before each test). */
export function installViewport(width: number): void {
  listeners.clear()
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width })
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const list = {
        media: query,
        get matches() {
          return evaluate(query, window.innerWidth)
        },
        onchange: null,
        addEventListener: (_type: string, listener: Listener) => listeners.add({ query, listener }),
        removeEventListener: (_type: string, listener: Listener) => {
          for (const entry of listeners) if (entry.listener === listener) listeners.delete(entry)
        },
        addListener: (listener: Listener) => listeners.add({ query, listener }),
        removeListener: (listener: Listener) => {
          for (const entry of listeners) if (entry.listener === listener) listeners.delete(entry)
        },
        dispatchEvent: () => true,
      }
      return list as unknown as MediaQueryList
    },
  })
}

/** Resize the fake viewport and notify matchMedia listeners, as a browser would. */
export function resizeViewport(width: number): void {
  window.innerWidth = width
  for (const { query, listener } of [...listeners]) {
    listener({ matches: evaluate(query, width), media: query } as MediaQueryListEvent)
  }
  window.dispatchEvent(new Event('resize'))
}
