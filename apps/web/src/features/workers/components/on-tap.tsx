import { useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'

/**
 * The loader of a part of My jobs that a tap opens (the working time, the start code form, the
 * reviews): its code and its words come together, neither in the screen's first paint (decisions
 * 046, 047), within the 120 s limit. A failed namespace leaves the part in English, not unusable.
 */
export const onTap =
  <T,>(load: () => Promise<T>, namespace: 'workers' | 'myJobsMore') =>
  (): Promise<T> =>
    loadWithTimeout(() => Promise.all([load(), i18n.loadNamespaces(namespace).catch(() => undefined)]).then(([m]) => m))

/** Fetch a part as a pointer, finger or the keyboard reaches its button: the tap then finds it there. */
export const warm = (load: () => Promise<unknown>) => () => void load().catch(() => undefined)

/**
 * A part whose code did not arrive (a failed or slow line): said in its place with the first load's
 * words, with Close when it has one; the rest of the screen keeps working.
 */
export function PartFailed({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation(['errors', 'common'])
  return (
    <div role="alert" className="job__notice">
      <p>{t('errors:loadFailed.failed')}</p>
      {onClose ? (
        <button type="button" className="button jobs__button" onClick={onClose}>
          {t('common:close')}
        </button>
      ) : null}
    </div>
  )
}
