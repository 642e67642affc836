import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../../lib/names'
import { addDays } from '../model/board-time'
import type { BoardFilters } from './use-board-filters'

/** Day or week, which day, the town and the service; and whether the board is kept current live. */
export function BoardToolbar({
  filters,
  onChange,
  live,
}: {
  filters: BoardFilters
  onChange: (next: Partial<BoardFilters>) => void
  live: boolean
}) {
  const { t } = useTranslation('board')
  const names = useNames()
  const id = useId()
  const step = filters.view === 'week' ? 7 : 1
  return (
    <div className="board-toolbar">
      <div className="board-toolbar__views" role="group" aria-label={t('view.label')}>
        {(['day', 'week'] as const).map((view) => (
          <button key={view} type="button" aria-pressed={filters.view === view} onClick={() => onChange({ view })}>
            {t(`view.${view}`)}
          </button>
        ))}
      </div>
      <div className="board-toolbar__dates">
        <button type="button" onClick={() => onChange({ date: addDays(filters.date, -step) })}>
          {t(filters.view === 'week' ? 'previousWeek' : 'previousDay')}
        </button>
        <label htmlFor={`${id}-date`}>{t('date')}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={filters.date}
          onChange={(e) => e.target.value && onChange({ date: e.target.value })}
        />
        <button type="button" onClick={() => onChange({ date: addDays(filters.date, step) })}>
          {t(filters.view === 'week' ? 'nextWeek' : 'nextDay')}
        </button>
      </div>
      <div className="board-toolbar__filters">
        <label htmlFor={`${id}-town`}>{t('town')}</label>
        <select
          id={`${id}-town`}
          value={filters.town ?? ''}
          onChange={(e) => onChange({ town: (e.target.value || undefined) as BoardFilters['town'] })}
        >
          <option value="">{t('allTowns')}</option>
          {names.allTownOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-service`}>{t('service')}</label>
        <select
          id={`${id}-service`}
          value={filters.service ?? ''}
          onChange={(e) => onChange({ service: (e.target.value || undefined) as BoardFilters['service'] })}
        >
          <option value="">{t('allServices')}</option>
          {names.allServiceOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <p className="board-toolbar__live">{live ? t('live.on') : t('live.polling')}</p>
    </div>
  )
}
