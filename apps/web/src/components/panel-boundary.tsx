import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorBoundary } from './error-boundary'
import './query-state.css'

export interface PanelBoundaryProps {
  /** The panel's name as the person sees it ("Payouts"), said in the failure text. */
  label: string
  children: ReactNode
}

/**
 * One independent part of a screen: when it throws, it says so in its own place, with a way to try
 * again, and the rest of the screen keeps working.
 */
export function PanelBoundary({ label, children }: PanelBoundaryProps) {
  return (
    <ErrorBoundary fallback={(_error, reset) => <PanelFailed label={label} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  )
}

function PanelFailed({ label, onRetry }: { label: string; onRetry: () => void }) {
  const { t } = useTranslation('common')
  return (
    <div role="alert" className="query-state query-state--error">
      <p className="query-state__title">{t('panel.failed', { panel: label })}</p>
      <button type="button" className="query-state__retry" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  )
}
