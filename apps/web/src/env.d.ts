/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API for a separate deployment; empty or unset means same origin. */
  readonly VITE_API_BASE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
