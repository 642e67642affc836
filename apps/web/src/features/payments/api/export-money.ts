import { apiFile } from '../../../lib/api-file'

/** GET /api/payouts/export.csv: every payout, a line per task it covers (decision 045). */
export const payoutsCsvUrl = (): string => apiFile.url('exportPayouts')

/** GET /api/ledger/export.csv: the ledger's legs (decision 045). */
export const ledgerCsvUrl = (): string => apiFile.url('exportLedger')
