import { useTranslation } from 'react-i18next'
import { Link } from '../../lib/router'
import { useSession } from '../../lib/session'
import { LanguageSwitch } from './language-switch'
import { Logo } from './logo'
import { MainMenu } from './main-menu'
import { MENU_ITEMS } from './menu-items'
import { SessionStatus } from './session-status'

/** The banner: logo link home and the main menu as the current user's role sees it. */
export function SiteHeader() {
  const { t } = useTranslation()
  const { role } = useSession()
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" aria-label={t('logoLabel')}>
          <Logo />
          <span className="site-logo__name">{t('appName')}</span>
        </Link>
        <MainMenu items={MENU_ITEMS} role={role} />
        <SessionStatus />
        <LanguageSwitch />
      </div>
    </header>
  )
}
