import { normalizeIndianMobile } from '@townworks/contract/constants'

// Apart from lib/format: only the screens that show phone numbers load it (it brings the contract's
// mobile rule), not every screen that formats a date or money (/ts and /etass are at the 200 kB limit).

/**
 * A phone number as people in India write it: +91 98480 12345 for a mobile number; anything else
 * (a landline, a number from another country) as it came. `tel` is what a tap-to-call link dials.
 */
export function formatPhone(phone: string | null | undefined): { text: string; tel: string } {
  const raw = (phone ?? '').trim()
  const mobile = raw ? normalizeIndianMobile(raw) : undefined
  if (!mobile) return { text: raw, tel: raw.replace(/[^\d+]/g, '') }
  const digits = mobile.slice(3)
  return { text: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, tel: mobile }
}
