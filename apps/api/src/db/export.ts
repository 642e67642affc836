/** Rows read per query when a table is exported as CSV (decision 045): memory stays bounded by this. */
export const EXPORT_BATCH = 1000
