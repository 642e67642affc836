import type { Me } from '@townworks/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../../../lib/api-error-text'
import { useSetMySecondStep } from '../api/my-second-step'

/** Staff: "ask for a code after my password"; needs a verified number; on and fixed when the admin requires it. */
export function SecondStepSetting({ me }: { me: Me }) {
  const { t } = useTranslation('auth')
  const id = useId()
  const save = useSetMySecondStep()
  const [error, setError] = useState('')
  const locked = me.second_step_required || !me.phone_verified
  const note = me.second_step_required
    ? t('profilePhone.staffRequired')
    : !me.phone_verified
      ? t('profilePhone.staffNeedsNumber')
      : t('profilePhone.staffHint')
  return (
    <div className="field second-step">
      <label className="checkbox-row" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={me.second_step}
          disabled={locked || save.isPending}
          aria-describedby={`${id}-note ${id}-error`}
          onChange={(e) => {
            setError('')
            save.mutate(e.target.checked, { onError: (failure) => setError(describeApiError(failure)) })
          }}
        />
        {t('profilePhone.staffToggle')}
      </label>
      <p id={`${id}-note`} className="field__hint">
        {note}
      </p>
      <p id={`${id}-error`} className="field__error" role="alert">
        {error}
      </p>
    </div>
  )
}
