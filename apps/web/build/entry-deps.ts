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
      // A chunk whose only file to preload is itself gets none: import() fetches it at once anyway
      // (the service worker's starter, decision 065, costs the entry no file name).
      resolveDependencies: (fileName, deps, { hostId, hostType }) => {
        // What the entry itself imports lazily (a screen, a locale file, a part of the shell) carries no
        // list at all (decision 068): the server names a screen's files in the page it sends (decision
        // 015), and the service worker keeps every customer's and worker's screen on the phone (decision
        // 065), so the list only spared an office desk a round trip on moving between screens, at the
        // price of every file name in every first load.
        if (hostType === 'js' && loadedFirst.has(hostId)) return []
        const rest = deps.filter((dep) => !loadedFirst.has(dep))
        return rest.length === 1 && rest[0] === fileName ? [] : rest
      },
    },
  }
}
