import type { Plugin, UserConfig } from 'vite'

interface OutputChunk {
  type: 'chunk' | 'asset'
  fileName: string
  isEntry?: boolean
  imports?: string[]
}

/**
 * Every dynamic import in the build carries the list of files to preload with it (Vite's
 * `__vite__mapDeps`), and Vite lists the entry chunk and its static imports there too. They are
 * always loaded before any dynamic import can run (every module runs after the entry), so naming
 * them again is bytes every lazily loading chunk pays for nothing: this drops them (decision 034's
 * addendum). The entry's closure is read from the bundle before Vite writes the lists.
 */
export function entryDepsOnce(): { plugin: Plugin; modulePreload: NonNullable<UserConfig['build']>['modulePreload'] } {
  let loadedFirst = new Set<string>()
  const plugin: Plugin = {
    name: 'townworks:entry-deps-once',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = bundle as unknown as Record<string, OutputChunk>
        const closure = new Set<string>()
        const visit = (fileName: string) => {
          if (closure.has(fileName)) return
          closure.add(fileName)
          for (const imported of chunks[fileName]?.imports ?? []) visit(imported)
        }
        for (const chunk of Object.values(chunks)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName)
        loadedFirst = closure
      },
    },
  }
  return {
    plugin,
    modulePreload: {
      // No polyfill (decision 034): every browser we serve preloads modules itself.
      polyfill: false,
      resolveDependencies: (_fileName, deps) => deps.filter((dep) => !loadedFirst.has(dep)),
    },
  }
}
