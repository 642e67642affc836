// zod-free: India's GST state codes and the GSTIN's shape and check character (decision 060).
// The API's configuration checks the business's GSTIN with it; a customer's GSTIN on an invoice too.

/**
 * The GST state and union-territory codes (the first two digits of a GSTIN, and the "state code"
 * printed beside a place of supply), as the GST portal lists them. 28 (undivided Andhra Pradesh) and
 * 99 (Centre jurisdiction) are not places a supplier registers in; 25 (Daman and Diu) still appears on
 * GSTINs issued before its merger into 26 in 2020.
 */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
}

/** Whether a two-digit code is a GST state or union territory. */
export const isGstStateCode = (code: string): boolean => Object.hasOwn(GST_STATES, code)

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * A GSTIN's shape: state code (2 digits), the holder's PAN (5 letters, 4 digits, a letter; its 4th
 * letter the kind of holder: P person, C company, H HUF, F firm, A AOP, T trust, B BOI, L local
 * authority, J artificial juridical person, G government), the registration's number for that PAN in
 * the state (1–9, then A–Z), the letter Z, and the check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/**
 * The check character of a GSTIN's first 14 characters (the GSTN's mod-36 scheme, a Luhn mod N):
 * each character's value (0–9, A=10 … Z=35) is multiplied by 1 and 2 alternately from the left; each
 * product adds its quotient and remainder by 36; the check is (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? '')
    if (value < 0) throw new Error('A GSTIN holds only digits and capital letters')
    const product = value * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!
}

/** Why a GSTIN is not valid, in words a person can act on; null when it is valid. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) {
    return 'A GSTIN is 15 characters: the 2-digit state code, the 10-character PAN, the registration number, Z and a check character (like 36AABCT1332L1ZF), in capital letters'
  }
  if (!isGstStateCode(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code`
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'The GSTIN’s last character does not match the rest: check it for a typing mistake'
  }
  return null
}

/** Whether a GSTIN is well formed, names a state and carries its right check character. */
export const isValidGstin = (gstin: string): boolean => gstinProblem(gstin) === null
