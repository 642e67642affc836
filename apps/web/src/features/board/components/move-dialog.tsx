import type { Board } from '@townworks/contract'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../lib/format'
import { daysOf, DEFAULT_MINUTES, durationOf, minutesOf, startTimes, timeOf } from '../model/board-time'
import type { BoardView } from './use-board-filters'
import type { Moving, useBoardMoves } from './use-board-moves'

const LENGTHS = [30, 60, 90, 120, 180, 240, 360, 480]

/**
 * The keyboard and screen-reader path (issue 20): a chosen block or request, and its worker, day,
 * start and length from lists; Move (or Schedule) sends the same call a drop does. A native modal
 * <dialog> (focus kept inside, Escape closes), like the job drawer's; a refusal is said inside it.
 */
export function MoveDialog({
  item,
  board,
  view,
  moves,
  onClose,
}: {
  item: Moving
  board: Board
  view: BoardView
  moves: ReturnType<typeof useBoardMoves>
  onClose: () => void
}) {
  const { t, i18n } = useTranslation('board')
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const block = item.kind === 'block' ? item.block : undefined
  const request = item.kind === 'request' ? item.request : undefined
  const firstDay = view === 'day' ? board.from : (request?.service_date ?? board.from)
  const [workerId, setWorkerId] = useState(String(block?.worker_id ?? board.workers[0]?.worker_id ?? ''))
  const [date, setDate] = useState(
    block?.date ?? (firstDay >= board.from && firstDay <= board.to ? firstDay : board.from),
  )
  const [start, setStart] = useState(block?.start_time ?? '09:00:00')
  const [length, setLength] = useState(block ? durationOf(block) : DEFAULT_MINUTES)
  const [refusal, setRefusal] = useState<string>()
  const reference = block?.reference ?? request?.reference ?? ''
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal()
    } else dialog.setAttribute('open', '') // a browser (or jsdom) without modal dialogs: shown in place
  }, [])
  const times = startTimes()
  if (!times.includes(start)) times.unshift(start)
  const lengths = LENGTHS.includes(length) ? LENGTHS : [length, ...LENGTHS]
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setRefusal(undefined)
    const ok = await moves.move(item, { workerId: Number(workerId), date, start: minutesOf(start), minutes: length })
    if (ok) onClose()
    else setRefusal(t('dialog.refused'))
  }
  return (
    <dialog ref={ref} className="board-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`}>{t(block ? 'dialog.moveTitle' : 'dialog.scheduleTitle', { reference })}</h2>
        {block ? (
          <p>
            {t('dialog.now', {
              name: board.workers.find((w) => w.worker_id === block.worker_id)?.name ?? '',
              date: formatDate(block.date, i18n.language),
              time: `${formatTime(block.start_time)}–${formatTime(block.end_time)}`,
            })}
          </p>
        ) : (
          <p>{request ? `${request.name} · ${formatDate(request.service_date, i18n.language)}` : ''}</p>
        )}
        <label htmlFor={`${id}-worker`}>{t('dialog.worker')}</label>
        <select id={`${id}-worker`} value={workerId} onChange={(e) => setWorkerId(e.target.value)} required>
          {board.workers.map((w) => (
            <option key={w.worker_id} value={w.worker_id}>
              {w.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-date`}>{t('dialog.day')}</label>
        <select id={`${id}-date`} value={date} onChange={(e) => setDate(e.target.value)}>
          {[...new Set([date, ...daysOf(board.from, board.to)])].sort().map((d) => (
            <option key={d} value={d}>
              {formatDate(d, i18n.language, 'full')}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-start`}>{t('dialog.start')}</label>
        <select id={`${id}-start`} value={start} onChange={(e) => setStart(e.target.value)}>
          {times.map((time) => (
            <option key={time} value={time}>
              {formatTime(time)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-length`}>{t('dialog.length')}</label>
        <select id={`${id}-length`} value={length} onChange={(e) => setLength(Number(e.target.value))}>
          {lengths.map((m) => (
            <option key={m} value={m}>
              {t('dialog.minutes', {
                hours: Math.floor(m / 60),
                minutes: m % 60,
                end: formatTime(timeOf(minutesOf(start) + m)),
              })}
            </option>
          ))}
        </select>
        {refusal && moves.notice?.kind === 'refused' ? (
          <p role="alert" className="board-dialog__refusal">
            {moves.notice.text}
          </p>
        ) : null}
        <div className="board-dialog__actions">
          <button type="submit" disabled={moves.busy}>
            {t(block ? 'dialog.move' : 'dialog.schedule')}
          </button>
          <button type="button" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
