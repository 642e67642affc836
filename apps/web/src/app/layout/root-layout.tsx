import { useEffect, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigationType } from '../../lib/router'
import { useScreenLoading } from '../screen-loading'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export const MAIN_CONTENT_ID = 'main-content'

/** The shared layout of every screen: skip link, header with menu, main content, footer. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const isLoading = useScreenLoading()
  const mainRef = useRef<HTMLElement>(null)
  useFocusMainAfterNavigation(mainRef)
  useScrollRestoration()

  function handleSkip(event: MouseEvent<HTMLAnchorElement>) {
    // Move focus ourselves: the router must not treat the fragment as a navigation.
    event.preventDefault()
    mainRef.current?.focus()
  }

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
        {children}
      </main>
      <SiteFooter />
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

/**
 * A new page starts at the top (or at its #fragment); Back and Forward return to where the user
 * was on that page. Positions are kept per history entry while the app runs.
 */
function useScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef(new Map<string, number>())
  // The entry on view, changed at the commit that shows the next page: the scroll event that the
  // swap itself causes (a shorter page, the scroll to the top) must not overwrite the position kept
  // for the page being left, which a listener re-added in a passive effect would still count as on view.
  const onView = useRef(location.key)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const remember = () => positions.current.set(onView.current, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => {
      window.removeEventListener('scroll', remember)
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useLayoutEffect(() => {
    onView.current = location.key
    const saved = positions.current.get(location.key)
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved)
    else if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [location.key, location.hash, navigationType])
}
