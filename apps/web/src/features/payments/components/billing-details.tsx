import type { RequestBilling } from '@townworks/contract'
import { GSTIN_PATTERN, gstinCheckCharacter, isGstStateCode } from '@townworks/contract/gstin'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { describeApiError } from '../../../lib/api-error-text'
import { useSetBilling } from '../api/set-billing'
import './billing-details.css'

/** What is wrong with a typed GSTIN, as a key of `billing.problem`; null when it is right. */
export function gstinProblemKey(gstin: string): 'shape' | 'state' | 'check' | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'shape'
  if (!isGstStateCode(gstin.slice(0, 2))) return 'state'
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : 'check'
}

const normalGstin = (typed: string) => typed.replace(/\s+/g, '').toUpperCase()

/**
 * Who a request's receipts and tax invoices are made out to (issue 22): a business name and the
 * customer's GSTIN, so a business can claim the tax. Shown under the charges; the form opens in place
 * and keeps what was typed when saving fails.
 */
export function BillingDetails({ requestId, billing }: { requestId: number; billing: RequestBilling }) {
  const { t } = useTranslation('payments')
  const save = useSetBilling()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(billing.name ?? '')
  const [gstin, setGstin] = useState(billing.gstin ?? '')
  const [problem, setProblem] = useState<{ field: 'name' | 'gstin'; text: string } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const nameId = useId()
  const gstinId = useId()
  const hintId = useId()
  const errorId = useId()
  const set = billing.name !== null || billing.gstin !== null

  const submit = () => {
    setFailure(null)
    setSaved(false)
    const typedName = name.trim()
    const typedGstin = normalGstin(gstin)
    if (typedName !== '' && typedName.length < 2) return setProblem({ field: 'name', text: t('billing.problem.name') })
    const key = typedGstin === '' ? null : gstinProblemKey(typedGstin)
    if (key) return setProblem({ field: 'gstin', text: t(`billing.problem.${key}`) })
    setProblem(null)
    save.mutate(
      { requestId, body: { name: typedName || null, gstin: typedGstin || null } },
      {
        onSuccess: () => {
          setOpen(false)
          setSaved(true)
        },
        onError: (error) => {
          if (isApiError(error, 400)) {
            const field = error.issues.some((i) => i.path.startsWith('gstin')) ? 'gstin' : 'name'
            setProblem({ field, text: t(field === 'gstin' ? 'billing.problem.shape' : 'billing.problem.name') })
            return
          }
          setFailure(describeApiError(error, { rest: (message) => t('billing.failed', { message }) }))
        },
      },
    )
  }

  return (
    <div className="billing-details">
      {set ? (
        <p className="payments-small">
          {t('billing.madeOutTo', { name: billing.name ?? t('billing.yourName') })}
          {billing.gstin ? ` · ${t('billing.gstinIs', { gstin: billing.gstin })}` : ''}
        </p>
      ) : null}
      <p role="status" className="payments-small">
        {saved ? t('billing.saved') : ''}
      </p>
      {open ? (
        <form
          className="billing-details__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (!save.isPending) submit()
          }}
        >
          <p className="payments-small" id={hintId}>
            {t('billing.hint')}
          </p>
          <label htmlFor={nameId}>{t('billing.name')}</label>
          <input
            id={nameId}
            className="billing-details__input"
            value={name}
            maxLength={100}
            autoComplete="organization"
            aria-invalid={problem?.field === 'name'}
            aria-describedby={problem?.field === 'name' ? errorId : hintId}
            onChange={(e) => setName(e.target.value)}
          />
          <label htmlFor={gstinId}>{t('billing.gstin')}</label>
          <input
            id={gstinId}
            className="billing-details__input"
            value={gstin}
            maxLength={20}
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={problem?.field === 'gstin'}
            aria-describedby={problem?.field === 'gstin' ? errorId : undefined}
            onChange={(e) => setGstin(e.target.value)}
          />
          {problem ? (
            <p id={errorId} role="alert" className="billing-details__error">
              {problem.text}
            </p>
          ) : null}
          {failure ? (
            <p role="alert" className="billing-details__error">
              {failure}
            </p>
          ) : null}
          <div className="billing-details__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={save.isPending}
              aria-busy={save.isPending}
            >
              {save.isPending ? t('billing.saving') : t('billing.save')}
            </button>
            <button type="button" className="button" disabled={save.isPending} onClick={() => setOpen(false)}>
              {t('billing.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {set ? t('billing.change') : t('billing.add')}
        </button>
      )}
    </div>
  )
}
