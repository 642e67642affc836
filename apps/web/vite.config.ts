import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type ProxyOptions } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { entryDepsOnce } from './build/entry-deps'
import { firstPaint } from './build/first-paint'
import { precacheTransform } from './build/pwa-precache'
import { routePreloads } from './build/route-preloads'

/** Where the dev server forwards API calls; the API listens on port 3000 by default. */
const apiTarget = process.env.TOWNWORKS_API_PROXY_TARGET ?? 'http://localhost:3000'

// The seed's paths that belong to the API rather than to the single-page app.
const apiPaths = ['/api', '/send-whatsapp', '/healthz', '/readyz']
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
)

const entryDeps = entryDepsOnce()

/**
 * What a first visit may download in the background for the service worker (raw bytes; the server
 * sends them compressed): the shell and the customers' and workers' screens (decision 065).
 */
const PRECACHE_LIMIT_BYTES = 2_000_000

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    entryDeps.plugin,
    routePreloads(fileURLToPath(new URL('./src/locales', import.meta.url))),
    firstPaint(fileURLToPath(new URL('./src/locales', import.meta.url))),
    // The service worker (decision 065): our own src/sw.ts, registered by src/lib/pwa/start.ts after the
    // first screen has loaded; the manifests are ours too (public/manifest.<lng>.webmanifest).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // Never in the dev server: its files change on every save.
      devOptions: { enabled: false },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
        // Hashed names change with their content: no revision needed.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1_000_000,
        manifestTransforms: [
          precacheTransform(fileURLToPath(new URL('./dist', import.meta.url)), PRECACHE_LIMIT_BYTES),
        ],
        minify: true,
      },
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/report-sizes.mjs reads the manifest to measure what the home page loads before first paint.
    manifest: true,
    target: 'es2022',
    // No modulepreload polyfill in the first load (decision 034): every browser we serve preloads
    // modules itself (Chrome 66+, Safari 17+, Firefox 115+); an older one fetches them when imported.
    // The preload lists of dynamic imports leave out what the entry already loaded (build/entry-deps.ts).
    modulePreload: entryDeps.modulePreload,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Libraries every page loads first, in one long-cached chunk: an app release does not
              // change them. Screen-only libraries (Mantine, zod, React Flow) stay in their lazy chunks.
              // With them Vite's preload helper, which every lazy import goes through: left to the
              // chunker, it may become a chunk of its own on every page (decision 047).
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|i18next|react-i18next)[\\/]|^\0vite\/preload-helper/,
            },
            {
              // TanStack Query: every screen that reads data, but not the shell (lib/query-scope.tsx),
              // so pages without data paint without it. Long-cached like the vendor chunk.
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            {
              // react-hook-form: the office's forms load it with their screen; long-cached (decision 046).
              name: 'forms',
              test: /[\\/]node_modules[\\/]react-hook-form[\\/]/,
            },
            {
              // zod and the resolvers: a form imports them with its contract schema when it first checks
              // a field (use-schema-form, lazy-resolver; decisions 046 and 055), as one long-cached chunk.
              name: 'schemas',
              test: /[\\/]node_modules[\\/](zod|@hookform)[\\/]/,
            },
            {
              // What every screen with data loads with it (lib/query-scope.tsx): the query cache, its keys,
              // every call's route and the API's error texts, in one chunk rather than five small ones.
              name: 'data',
              test: /[\\/]src[\\/]lib[\\/](query-scope|query-client|query-keys|api-route-table|api-error-text)\.tsx?$/,
              // Only these files: what they import from the shell (the client, the words) stays in the entry.
              includeDependenciesRecursively: false,
            },
            {
              // React Flow and what only it uses (and its CSS), named so the size report shows what the
              // diagram screens (/wfs's modal, /ff, /un) pay; nothing else imports it.
              name: 'react-flow',
              test: /[\\/]node_modules[\\/](@xyflow|d3-[a-z-]+|zustand|classcat)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
