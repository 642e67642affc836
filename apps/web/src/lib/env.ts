/** Remove trailing slashes so `${base}${path}` never doubles them; empty means same origin. */
export function normalizeBaseUrl(value: string | undefined): string {
  return (value ?? '').trim().replace(/\/+$/, '')
}

/** Build-time settings of the web app, read once. */
export const env = {
  apiBaseUrl: normalizeBaseUrl(import.meta.env.VITE_API_BASE_URL),
  isDev: import.meta.env.DEV,
} as const
