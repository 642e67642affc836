import { useTranslation } from 'react-i18next'

// Six networks, drawn in-house as simple marks (no icon font, no download).
const NETWORKS = [
  {
    id: 'facebook',
    href: 'https://www.facebook.com/townworks.in',
    path: 'M13 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h2v8h4v-8h3l1-4h-4V8z',
  },
  {
    id: 'instagram',
    href: 'https://www.instagram.com/townworks.in',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  { id: 'x', href: 'https://x.com/townworks_in', path: 'M4 4h4l4 6 4-6h4l-6 8 6 8h-4l-4-6-4 6H4l6-8z' },
  {
    id: 'youtube',
    href: 'https://www.youtube.com/@townworks',
    path: 'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 2v6l5-3z',
  },
  {
    id: 'linkedin',
    href: 'https://www.linkedin.com/company/townworks',
    path: 'M4 9h4v11H4zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2a4 4 0 0 1 7 3v6h-4v-5a2 2 0 0 0-4 0v5h-3z',
  },
  {
    id: 'whatsapp',
    href: 'https://wa.me/919440012345',
    path: 'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm-3 5h2l1 3-1.5 1a6 6 0 0 0 2.5 2.5l1-1.5 3 1v2a2 2 0 0 1-2 2A8 8 0 0 1 7 10a2 2 0 0 1 2-2z',
  },
] as const

/**
 * The social-network links, under the login and register cards (not inside them, where round
 * marks look like "sign in with…" buttons), under a heading that says what they are.
 */
export function SocialLinks() {
  const { t } = useTranslation('auth')
  return (
    <nav aria-labelledby="social-links-title" className="social">
      <p id="social-links-title" className="social__title">
        {t('social.follow')}
      </p>
      <ul className="social-links">
        {NETWORKS.map((network) => (
          <li key={network.id}>
            <a href={network.href} target="_blank" rel="noopener noreferrer" aria-label={t(`social.${network.id}`)}>
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={network.path} fill="currentColor" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
