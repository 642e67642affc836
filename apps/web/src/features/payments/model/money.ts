/** Paise as rupees for people: ₹1,234.50 (whole rupees without decimals). */
export function formatPaise(paise: number, language = 'en'): string {
  const locale = language === 'en' ? 'en-IN' : `${language}-IN`
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(paise / 100)
}
