import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { useMyPayouts } from '../api/get-my-payouts'
import { formatMoney } from '../../../lib/format'
import { useCopySavedAt } from '../../../lib/offline/device-copy'
import { paymentsKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session'
import './payments.css'

/** A worker's own payouts, for My jobs: plain HTML, no UI library (the screen stays light on a phone). */
export function MyPayouts() {
  const { t, i18n } = useTranslation('payments')
  const query = useMyPayouts()
  const lng = i18n.language
  // Offline, the copy last loaded on this phone, and when (issue 23).
  const savedAt = useCopySavedAt(useSession().user, paymentsKeys.mine())
  return (
    <section className="my-payouts" aria-labelledby="my-payouts-heading">
      <h2 id="my-payouts-heading">{t('mine.heading')}</h2>
      <QueryState query={query} loading={t('mine.loading')} describeError={() => t('mine.loadFailed')}>
        {(data) => (
          <>
            <p role="status" className={savedAt === undefined ? undefined : 'my-payouts__offline'}>
              {savedAt === undefined
                ? null
                : `${t('mine.offline')} ${t('mine.savedAt', {
                    time: new Date(savedAt).toLocaleTimeString('en-GB', {
                      hour: '2-digit',
                      minute: '2-digit',
                      hourCycle: 'h23',
                      timeZone: 'Asia/Kolkata',
                    }),
                  })}`}
            </p>
            <p>{t('mine.owed', { amount: formatMoney(data.owed_paise, lng) })}</p>
            {data.payouts.length === 0 ? (
              <p>{t('mine.empty')}</p>
            ) : (
              <ul>
                {data.payouts.map((p) => (
                  <li key={p.id}>
                    {t('mine.payout', {
                      amount: formatMoney(p.amount_paise, lng),
                      method: t(`payouts.methods.${p.method}`),
                      date: new Date(p.created_at).toLocaleDateString(lng === 'en' ? 'en-IN' : `${lng}-IN`, {
                        timeZone: 'Asia/Kolkata',
                      }),
                    })}
                    {p.reference ? ` · ${t('mine.reference', { reference: p.reference })}` : null}
                    <br />
                    {t('mine.tasks', { tasks: p.tasks.map((x) => x.task_name).join(', ') })}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  )
}
