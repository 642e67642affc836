import type { BoardRequest } from '@townworks/contract'
import { useId, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import type { Moving } from './use-board-moves'

/** The open requests beside the board: drag one onto a worker's row, or press it to schedule it by lists. */
export function UnassignedColumn({
  requests,
  total,
  dragRef,
  onChoose,
}: {
  requests: readonly BoardRequest[]
  total: number
  dragRef: RefObject<Moving | undefined>
  onChoose: (request: BoardRequest) => void
}) {
  const { t, i18n } = useTranslation('board')
  const names = useNames()
  const headingId = useId()
  return (
    <section className="board-unassigned" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('unassigned.heading', { count: total })}</h2>
      {total > requests.length ? <p>{t('unassigned.more', { shown: requests.length, total })}</p> : null}
      {requests.length === 0 ? <p>{t('unassigned.none')}</p> : null}
      <ul>
        {requests.map((r) => (
          <li key={r.request_id}>
            <button
              type="button"
              className="board-request"
              draggable
              data-request={r.request_id}
              onDragStart={(e) => {
                dragRef.current = { kind: 'request', request: r }
                e.dataTransfer.setData('text/plain', r.reference)
                e.dataTransfer.effectAllowed = 'move'
              }}
              onDragEnd={() => {
                dragRef.current = undefined
              }}
              onClick={() => onChoose(r)}
            >
              <strong>{r.reference}</strong> {r.name}
              <span>
                {names.service(r.service)} · {names.town(r.town)}
              </span>
              <span>
                {formatDate(r.service_date, i18n.language)}
                {r.time_window ? ` · ${t(`window.${r.time_window}`)}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
