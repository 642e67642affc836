import { useTranslation } from 'react-i18next'
import { COMPANY } from '../../config/company'

/** Company branding, registration numbers, postal address and phone, from config/company.ts. */
export function SiteFooter() {
  const { t } = useTranslation()
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          {/* The registered name and address are written as registered, in every language. */}
          <p className="site-footer__name" translate="no">
            {COMPANY.name}
          </p>
          <p>{t('tagline')}</p>
        </div>
        <dl className="site-footer__facts">
          <div>
            <dt>{t('footer.cin')}</dt>
            <dd translate="no">{COMPANY.cin}</dd>
          </div>
          <div>
            <dt>{t('footer.gstin')}</dt>
            <dd translate="no">{COMPANY.gstin}</dd>
          </div>
          <div>
            <dt>{t('footer.address')}</dt>
            <dd>
              <address translate="no">
                {COMPANY.address.lines.map((line) => (
                  <span key={line} className="site-footer__line">
                    {line}
                  </span>
                ))}
                <span className="site-footer__line">
                  {COMPANY.address.state} {COMPANY.address.postalCode}, {COMPANY.address.country}
                </span>
              </address>
            </dd>
          </div>
          <div>
            <dt>{t('footer.phone')}</dt>
            <dd>
              <a href={COMPANY.phone.href}>{COMPANY.phone.display}</a>
            </dd>
          </div>
          <div>
            <dt>{t('footer.email')}</dt>
            <dd>
              <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </dd>
          </div>
        </dl>
        <p className="site-footer__copyright">
          {t('footer.copyright', { year: new Date().getFullYear(), company: COMPANY.name })}
        </p>
      </div>
    </footer>
  )
}
