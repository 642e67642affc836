import { quotePdfPath } from '@townworks/contract/invoice-files'
import { env } from '../../lib/env'

/** GET /api/quotes/{id}/pdf: one version of a quote as a PDF, its address as the contract writes it (a link, not a call). */
export function quotePdfUrl(id: number, language: string): string {
  return `${env.apiBaseUrl}${quotePdfPath(id, language)}`
}
