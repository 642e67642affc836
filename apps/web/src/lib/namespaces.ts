/**
 * Namespaces every screen needs (layout, menu, error screens, screen titles): bundled in English
 * so the first paint has its text; fetched before the first render in any other language. Plain
 * data, so the build can list them too (build/route-preloads.ts).
 */
export const CORE_NAMESPACES = ['common', 'menu', 'errors', 'routes'] as const
