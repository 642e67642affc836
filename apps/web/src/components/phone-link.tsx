import { formatPhone } from '../lib/phone'

export interface PhoneLinkProps {
  phone: string | null | undefined
  /** Who answers (read by screen readers before the number): "Call Ravi Kumar". */
  label?: string
  className?: string
}

/**
 * A phone number written as people write it (+91 98480 12345), tapped to call. Nothing is shown
 * for no number. The number stays on one line: a split number is misread.
 */
export function PhoneLink({ phone, label, className }: PhoneLinkProps) {
  const { text, tel } = formatPhone(phone)
  if (!text) return null
  return (
    <a
      href={`tel:${tel}`}
      className={['phone-link', className].filter(Boolean).join(' ')}
      aria-label={label ? `${label}: ${text}` : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </a>
  )
}
