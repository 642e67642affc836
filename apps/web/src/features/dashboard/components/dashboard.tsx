import { useTranslation } from 'react-i18next'
import { PanelBoundary } from '../../../components/panel-boundary'
import { ChartsSection } from './charts-section'
import { TodayCounts } from './today-counts'
import './dashboard.css'

/** The office's dashboard (/dashboard, decision 042): today's counts, then the charts. */
export function Dashboard() {
  const { t } = useTranslation('dashboard')
  return (
    <div className="dashboard-scope">
      <PanelBoundary label={t('today.heading', { day: '' })}>
        <TodayCounts />
      </PanelBoundary>
      <PanelBoundary label={t('charts.panel')}>
        <ChartsSection />
      </PanelBoundary>
    </div>
  )
}
