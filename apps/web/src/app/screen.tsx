import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Page } from '../components/page'
import { useDocumentTitle } from '../lib/use-document-title'
import type { RouteId } from './routes/route-titles'

export interface ScreenProps {
  id: RouteId
  lead?: ReactNode
  children?: ReactNode
}

/** A routed screen: its h1 and the tab title come from routes.json, so ROUTE_TITLES always matches. */
export function Screen({ id, lead, children }: ScreenProps) {
  const { t } = useTranslation(['routes', 'common'])
  const title = t(`routes:${id}.title`)
  useDocumentTitle(id === 'home' ? t('routes:home.documentTitle') : t('common:documentTitle', { page: title }))
  return (
    <Page title={title} lead={lead}>
      {children}
    </Page>
  )
}
