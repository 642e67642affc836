import type { RateBps } from './gst'

// What each service is for GST (decision 060): its SAC (a service) or HSN (goods) code and its rate,
// as data. Sources: the CBIC's Scheme of Classification of Services (the SAC annexure to notification
// 11/2017-Central Tax (Rate)), the Customs Tariff's headings for goods, and the rates in force since
// the rationalisation of 22 September 2025 (notifications 9/2025 and 14/2025-Central Tax (Rate)).
// The accountant confirms them; a change of rate or code is a change here, and applies to documents
// issued from then on (an issued document keeps what it was issued with).

export interface TaxCode {
  /** SAC (six digits, 99…) or HSN (four digits: enough below ₹5 crore of turnover, rule 46 and notification 78/2020). */
  code: string
  kind: 'SAC' | 'HSN'
  rateBps: RateBps
  /** What one of the task's price counts as on the line ("1 job", "1 lot"). */
  unit: string
  /** The code's heading, for the decision and the accountant. */
  heading: string
}

const labour = (code: string, heading: string): TaxCode => ({ code, kind: 'SAC', rateBps: 1800, unit: 'job', heading })
const goods = (code: string, rateBps: RateBps, heading: string): TaxCode => ({
  code,
  kind: 'HSN',
  rateBps,
  unit: 'lot',
  heading,
})

/**
 * Per service, by its English name (the row's `name`). Labour on a building is a construction service
 * (SAC 9954, 18 %: works contracts included, so the materials a worker brings share the job's code);
 * a supply of goods takes the goods' HSN and rate.
 */
export const TAX_CODES: Readonly<Record<string, TaxCode>> = {
  Plumber: labour('995462', 'Water plumbing and drain laying services'),
  Electrician: labour('995461', 'Electrical installation services'),
  Painter: labour('995473', 'Painting services'),
  'Brick Worker': labour('995457', 'Masonry services'),
  Carpenter: labour('995476', 'Joinery and carpentry services'),
  'Construction Workers': labour('995411', 'Construction services of residential buildings'),
  'Welding Services': labour('995459', 'Other special trade construction services'),
  'Home Services': labour('995479', 'Repair and maintenance of building completion and finishing work'),
  'Cleaning Services': labour('998533', 'General cleaning services'),
  'Delivery Services': labour('996813', 'Local delivery services'),
  'Construction Tools and Equipment': labour(
    '997313',
    'Leasing or rental of construction machinery and equipment, with or without operator',
  ),
  'Sand Services': goods('2505', 500, 'Natural sands of all kinds'),
  'Morter Services': goods('3824', 1800, 'Prepared binders; non-refractory mortars and concretes (3824 50)'),
  'Brick Services': goods('6904', 1200, 'Ceramic building bricks (6904 10 00: 6 % CGST + 6 % SGST)'),
  'Steel Services': goods('7214', 1800, 'Bars and rods of iron or non-alloy steel'),
  Cement: goods('2523', 1800, 'Portland cement and other hydraulic cements'),
}

/**
 * A service the table does not name (an admin's new row) is labour on a building: SAC 9954 at 18 %,
 * the construction heading most of the catalog falls under, until the table names it.
 */
export const DEFAULT_TAX_CODE: TaxCode = labour('9954', 'Construction services')

/** The tax code of a service by its name; the default for one the table does not name, or none. */
export function taxCodeOf(serviceName: string | null): TaxCode {
  return (serviceName !== null && TAX_CODES[serviceName]) || DEFAULT_TAX_CODE
}
