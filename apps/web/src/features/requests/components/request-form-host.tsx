import { lazy, Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import type { ServiceRequestFormProps, ServiceRequestPick } from './service-request-form'
import './requests.css'

export type { ServiceRequestPick } from './service-request-form'

// The request form (Mantine, react-hook-form, zod) is not part of a screen's first paint: it is
// fetched when a pointer, a finger or the keyboard reaches what opens it, and at the latest on a click.
// It brings the query cache with it (a cache already around it, /swl's, is kept): /imdDisplay paints
// its catalogue without TanStack Query (decision 046).
let formModule: Promise<{ default: ComponentType<ServiceRequestFormProps> }> | undefined
export function preloadRequestForm() {
  // The form's own words (catalog.json's `booking`, the form's and its details') come with its code: a
  // screen that opens it (/swl) does not load them before its first paint.
  formModule ??= loadWithTimeout(() =>
    Promise.all([
      import('./service-request-form'),
      import('../../../lib/query-scope'),
      i18n.loadNamespaces(['catalog', 'requests', 'requestDetails']),
    ]).then(([{ default: Form }, { QueryScope }]) => ({
      default: function RequestFormWithData(props: ServiceRequestFormProps) {
        return (
          <QueryScope>
            <Form {...props} />
          </QueryScope>
        )
      },
    })),
  )
  formModule.catch(() => {
    formModule = undefined
  })
  return formModule
}
const ServiceRequestForm = lazy(preloadRequestForm)

/** Start fetching the form's code; for pointer, touch and focus handlers (a failure waits for the click). */
export const warmRequestForm = () => void preloadRequestForm().catch(() => undefined)

export interface RequestFormHostProps {
  /** The last choice (a card, a worker); null until the first. */
  pick: ServiceRequestPick | null
  opened: boolean
  onClose: () => void
}

/**
 * The request form wherever a choice opens it (the catalog's cards, a worker's "Book this worker"),
 * loaded on the first choice and kept mounted after it, so closing and reopening keeps what was typed.
 */
export function RequestFormHost({ pick, opened, onClose }: RequestFormHostProps) {
  const { t } = useTranslation('common')
  if (!pick) return null
  return (
    <Suspense
      fallback={
        <p className="requests-catalog__opening" role="status">
          {t('openingRequestForm')}
        </p>
      }
    >
      <ServiceRequestForm pick={pick} opened={opened} onClose={onClose} />
    </Suspense>
  )
}
