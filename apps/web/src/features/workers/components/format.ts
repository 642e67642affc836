const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 })

/** ₹4,500.50 from paise, the Indian way. */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100)
}

/** HH:MM from HH:MM:SS. */
export const hhmm = (time: string) => time.slice(0, 5)
