// An amount in words, as Indian invoices write it (decision 060): the Indian grouping (thousand, lakh,
// crore), "and" only between the rupees and the paise, "Only" at the end.
//   ₹4,500.50      → Rupees Four Thousand Five Hundred and Fifty Paise Only
//   ₹12,34,567.00  → Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Only

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

/** 1–99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!
  const unit = n % 10
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]} ${ONES[unit]}`
}

/** A whole number of rupees (≥ 1) in words, grouped crore, lakh, thousand, hundred; crores may themselves run to lakhs. */
function rupeesInWords(n: number): string {
  const words: string[] = []
  const crore = Math.floor(n / 10_000_000)
  const lakh = Math.floor((n % 10_000_000) / 100_000)
  const thousand = Math.floor((n % 100_000) / 1000)
  const hundred = Math.floor((n % 1000) / 100)
  const rest = n % 100
  if (crore > 0) words.push(`${rupeesInWords(crore)} Crore`)
  if (lakh > 0) words.push(`${belowHundred(lakh)} Lakh`)
  if (thousand > 0) words.push(`${belowHundred(thousand)} Thousand`)
  if (hundred > 0) words.push(`${ONES[hundred]} Hundred`)
  if (rest > 0) words.push(belowHundred(rest))
  return words.join(' ')
}

/** An amount of paise in words: "Rupees … and … Paise Only"; zero is "Rupees Zero Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('An amount is a whole number of paise, 0 or more')
  const rupees = Math.floor(paise / 100)
  const cents = paise % 100
  const head = `Rupees ${rupees === 0 ? 'Zero' : rupeesInWords(rupees)}`
  return cents === 0 ? `${head} Only` : `${head} and ${belowHundred(cents)} Paise Only`
}
