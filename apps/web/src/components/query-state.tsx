import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../lib/api-error-text'
import './query-state.css'

/** What QueryState reads of a query: TanStack Query's result has all of it. */
export interface QueryLike<TData> {
  data: TData | undefined
  error: unknown
  isPending: boolean
  isError: boolean
  refetch: () => unknown
}

export interface QueryStateProps<TData> {
  query: QueryLike<TData>
  /** Said while the first answer is on its way ("Loading workers…"). */
  loading: ReactNode
  /** A heading above the error's text ("The list could not be loaded."). */
  errorTitle?: ReactNode
  /** The error in the person's language; the shared API error text by default. */
  describeError?: (error: unknown) => ReactNode
  /** Renders the whole failure instead (its own words and retry); `retry` asks again. */
  error?: (error: unknown, retry: () => void) => ReactNode
  /** Whether an answer has nothing to show; then `empty` is shown instead of the children. */
  isEmpty?: (data: TData) => boolean
  empty?: ReactNode
  /** The answer: what the screen draws. */
  children: (data: TData) => ReactNode
}

/**
 * The states of one query, the same on every screen: loading (a polite status), failed (an alert
 * with the reason and a retry button), empty, or the data. A refetch that fails while an earlier
 * answer is on view shows the failure above that answer rather than hiding it.
 */
export function QueryState<TData>({
  query,
  loading,
  errorTitle,
  describeError = defaultDescribeError,
  error,
  isEmpty,
  empty,
  children,
}: QueryStateProps<TData>) {
  const retry = () => void query.refetch()
  const failure = query.isError
    ? (error?.(query.error, retry) ?? (
        <QueryError title={errorTitle} text={describeError(query.error)} onRetry={retry} />
      ))
    : null
  if (query.data === undefined) {
    if (failure) return failure
    return query.isPending ? (
      <p role="status" className="query-state query-state--loading">
        {loading}
      </p>
    ) : null
  }
  const data = query.data
  return (
    <>
      {failure}
      {isEmpty?.(data) ? (
        <p role="status" className="query-state query-state--empty">
          {empty}
        </p>
      ) : (
        children(data)
      )}
    </>
  )
}

const defaultDescribeError = (error: unknown): ReactNode => describeApiError(error)

export interface QueryErrorProps {
  title?: ReactNode
  text: ReactNode
  onRetry?: () => void
}

/** A failed load: what went wrong and, when it can be asked again, a retry button. */
export function QueryError({ title, text, onRetry }: QueryErrorProps) {
  const { t } = useTranslation('common')
  return (
    <div role="alert" className="query-state query-state--error">
      {title ? <p className="query-state__title">{title}</p> : null}
      <p className="query-state__text">{text}</p>
      {onRetry ? (
        <button type="button" className="query-state__retry" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  )
}
