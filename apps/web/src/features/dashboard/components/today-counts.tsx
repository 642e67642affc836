import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { formatDate } from '../../../lib/format'
import { Link } from '../../../lib/router'
import { useDashboardToday } from '../api/dashboard-today'
import { ALARMING_COUNTS, COUNTS_SHOWN, countLink } from '../model/count-links'

/** Today's counts, each a link to the list (with its filter) that shows the same rows. */
export function TodayCounts() {
  const { t, i18n } = useTranslation('dashboard')
  const today = useDashboardToday()
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-IN' : `${i18n.language}-IN`)
  return (
    <section aria-labelledby="dashboard-today" className="dashboard-section">
      <QueryState query={today} loading={t('today.loading')} errorTitle={t('today.failed')}>
        {(data) => (
          <>
            <h2 id="dashboard-today" className="dashboard-heading">
              {t('today.heading', { day: formatDate(data.today, i18n.language, 'full') })}
            </h2>
            <ul className="dashboard-counts">
              {COUNTS_SHOWN.map((key) => {
                const value = data.counts[key]
                const label = t(`today.counts.${key}`)
                return (
                  <li key={key}>
                    <Link
                      to={countLink(key, data.today)}
                      className="dashboard-count"
                      data-alarm={ALARMING_COUNTS.has(key) && value > 0 ? 'true' : undefined}
                      data-count={key}
                    >
                      <span className="dashboard-count__value">{number.format(value)}</span>
                      <span className="dashboard-count__label">{label}</span>
                      <span className="dashboard-count__hint">{t(`today.hints.${key}`)}</span>
                    </Link>
                  </li>
                )
              })}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  )
}
