/**
 * The company behind TownWorks, as printed in the footer (and later on invoices and messages).
 * One place: change it here and every screen follows. Values are not translated: they are
 * legal identifiers, an address and a phone number.
 */
export const COMPANY = {
  name: 'TownWorks Services Pvt. Ltd.',
  /** Corporate Identity Number issued by the Registrar of Companies, Hyderabad. */
  cin: 'U74999TG2024PTC187452',
  /** GST registration; 36 is Telangana's state code. */
  gstin: '36AAKCT4821M1Z7',
  address: {
    lines: ['H.No. 4-2-118, Mamidipally Road', 'Armoor, Nizamabad district'],
    state: 'Telangana',
    postalCode: '503224',
    country: 'India',
  },
  phone: { display: '+91 84632 41567', href: 'tel:+918463241567' },
  email: 'support@townworks.in',
} as const
