import { useTranslation } from 'react-i18next'

/** Shown while the first screen's code arrives; the text only appears if that takes a moment. */
export function AppLoading() {
  const { t } = useTranslation()
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__text">{t('loading')}</span>
    </div>
  )
}
