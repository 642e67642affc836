import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from '../../lib/router'
import { env } from '../../lib/env'
import { isLazyLoadError } from '../../lib/lazy-with-timeout'
import { useDocumentTitle } from '../../lib/use-document-title'

/** An address no screen answers: the error the not-found route shows. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError'
  readonly status = 404
  readonly statusText = 'Not Found'
}

/** An HTTP-like answer with a status (a 404, or a screen that threw one). */
function isStatusError(error: unknown): error is { status: number; statusText: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { statusText?: unknown }).statusText === 'string'
  )
}

/** What to tell the user about a routing error, and whether trying again can help. */
function describe(error: unknown) {
  if (isStatusError(error)) {
    return error.status === 404
      ? ({ kind: 'not-found' } as const)
      : ({ kind: 'response', status: error.status, statusText: error.statusText } as const)
  }
  if (isLazyLoadError(error)) return { kind: 'load', reason: error.reason } as const
  return { kind: 'unknown' } as const
}

/**
 * The screen for every routing error (unknown address, a screen that failed to load or threw):
 * the seed's 'Unexpected Application Error!' as the h1 (for an unknown address: "This page does not
 * exist"), what happened, and a way on. Inside the
 * layout it replaces the content; `standalone` draws its own <main> when the layout itself failed.
 */
export function RouteErrorScreen({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation(['errors', 'common'])
  const headingId = useId()
  const info = describe(error)
  // An unknown address is no error of the app's: it says the page does not exist (and the server
  // answered 404), not the seed's 'Unexpected Application Error!'.
  const heading = info.kind === 'not-found' ? t('errors:notFound.title') : t('errors:heading')
  useDocumentTitle(t('common:documentTitle', { page: heading }))

  const content = (
    <section className="page error-screen" aria-labelledby={headingId}>
      <h1 id={headingId} className="page__title">
        {heading}
      </h1>
      {info.kind === 'not-found' ? (
        <>
          <p>{t('errors:notFound.body')}</p>
          <p className="error-screen__code">{t('errors:notFound.status')}</p>
        </>
      ) : info.kind === 'response' ? (
        <h2>{t('errors:httpStatus', { status: info.status, statusText: info.statusText })}</h2>
      ) : info.kind === 'load' ? (
        <>
          <h2>{t('errors:loadFailed.title')}</h2>
          <p>{info.reason === 'timeout' ? t('errors:loadFailed.timeout') : t('errors:loadFailed.failed')}</p>
        </>
      ) : (
        <>
          <h2>{t('errors:unknown.title')}</h2>
          <p>{t('errors:unknown.body')}</p>
        </>
      )}
      <p className="actions">
        {info.kind === 'not-found' ? null : (
          // A screen whose code failed to load stays failed for the session, so a fresh page load is the retry.
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('errors:retry')}
          </button>
        )}
        <Link className="button" to="/">
          {t('errors:goHome')}
        </Link>
      </p>
      {env.isDev && error instanceof Error ? (
        <details className="error-screen__details">
          <summary>{t('errors:details')}</summary>
          <pre>{error.stack ?? error.message}</pre>
        </details>
      ) : null}
    </section>
  )

  return standalone ? (
    <main id="main-content" className="site-main">
      {content}
    </main>
  ) : (
    content
  )
}

/** Shown when the layout itself cannot render. */
export function RootErrorScreen({ error }: { error: unknown }) {
  return <RouteErrorScreen error={error} standalone />
}

const NOT_FOUND = new NotFoundError('Not Found')

/** Any address no screen answers: the seed's routing error, as a 404. */
export function NotFoundScreen() {
  return <RouteErrorScreen error={NOT_FOUND} />
}
