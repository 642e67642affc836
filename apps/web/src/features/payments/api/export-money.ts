import { fileUrl } from '../../../components/data-table/export-csv-button'

/** GET /api/payouts/export.csv: every payout, a line per task it covers (decision 045). */
export const payoutsCsvUrl = (): string => fileUrl<'exportPayouts'>('/api/payouts/export.csv')

/** GET /api/ledger/export.csv: the ledger's legs (decision 045). */
export const ledgerCsvUrl = (): string => fileUrl<'exportLedger'>('/api/ledger/export.csv')
