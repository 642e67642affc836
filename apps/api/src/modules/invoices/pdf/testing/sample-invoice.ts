import type { Invoice } from '@townworks/contract'

/**
 * A tax invoice as issued (decision 060's worked example, ₹450 at 18 % plus materials): fixed
 * values, so its printed page can be compared with a reviewed reference image.
 */
export const SAMPLE_TAX_INVOICE: Invoice = {
  id: 17,
  kind: 'tax_invoice',
  number: 'TW/26-27/000017',
  financial_year: '2026-27',
  payment_id: 41,
  task_id: 52,
  request_id: 123,
  customer_name: 'శ్రీనివాస్ రెడ్డి',
  taxable_paise: 4_66_102,
  tax_paise: 83_898,
  total_paise: 5_50_000,
  issued_at: '2026-11-20T04:30:00.000Z',
  corrects: null,
  supplier: {
    legal_name: 'TownWorks Services Private Limited',
    address: '2-3-45, Station Road, Armoor, Telangana 503224',
    gstin: '36AABCT1332L1ZF',
    state_code: '36',
    state_name: 'Telangana',
  },
  customer: {
    name: 'శ్రీనివాస్ రెడ్డి',
    address: 'ఇంటి నం. 4-12, గాంధీ నగర్, Armoor, Telangana',
    phone: '+91 98480 12345',
    gstin: null,
  },
  place_of_supply: { state_code: '36', state_name: 'Telangana' },
  lines: [
    {
      position: 1,
      description: 'Plumber — కిచెన్ సింక్ పైపు మార్చడం',
      hsn_sac: '995462',
      quantity: 1,
      unit: 'job',
      taxable_paise: 38_136,
      tax_rate_bps: 1800,
      cgst_paise: 3_432,
      sgst_paise: 3_432,
      igst_paise: 0,
      total_paise: 45_000,
    },
    {
      position: 2,
      description: 'PVC pipe and fittings',
      hsn_sac: '995462',
      quantity: 1,
      unit: 'lot',
      taxable_paise: 4_27_966,
      tax_rate_bps: 1800,
      cgst_paise: 38_517,
      sgst_paise: 38_517,
      igst_paise: 0,
      total_paise: 5_05_000,
    },
  ],
  cgst_paise: 41_949,
  sgst_paise: 41_949,
  igst_paise: 0,
  amount_in_words: 'Rupees Five Thousand Five Hundred Only',
  reverse_charge: false,
  credit_note: null,
}
