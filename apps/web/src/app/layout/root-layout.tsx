import { Suspense, useEffect, useRef, type MouseEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export const MAIN_CONTENT_ID = 'main-content'

/** The shared layout of every screen: skip link, header with menu, main content, footer. */
export function RootLayout() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const mainRef = useRef<HTMLElement>(null)
  useFocusMainAfterNavigation(mainRef)

  function handleSkip(event: MouseEvent<HTMLAnchorElement>) {
    // Move focus ourselves: the router must not treat the fragment as a navigation.
    event.preventDefault()
    mainRef.current?.focus()
  }

  const isLoading = navigation.state === 'loading'
  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={handleSkip}>
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <div className="progress" data-active={isLoading} aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {isLoading ? t('loadingPage') : ''}
      </p>
      <main ref={mainRef} id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  )
}

/** After a client-side navigation, put keyboard and screen-reader focus at the new content. */
function useFocusMainAfterNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    // A screen that focused its own first field (the login form) keeps that focus.
    if (mainRef.current?.contains(document.activeElement) && document.activeElement !== mainRef.current) return
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname, mainRef])
}
