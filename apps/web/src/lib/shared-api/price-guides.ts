import { api } from '../api-client'

// GET /api/price-guides is read by the admin's price guide editor (reference) and by the office's quote
// dialog, which fills a quote from it (quotes): a feature may not import another, so its one owner is here.

/** The price guide's queries (issue 22, decision 063). */
export const priceGuideKeys = { all: ['price-guides'] as const }

/** GET /api/price-guides: every guide with its items and range (admin, operator). */
export const priceGuidesQuery = () => ({
  queryKey: priceGuideKeys.all,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call('priceGuides', { signal }),
})
