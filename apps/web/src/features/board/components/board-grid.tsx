import type { Board, BoardBlock, BoardWorker } from '@townworks/contract'
import { useState, type DragEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { ScrollRegion } from '../../../components/scroll-region'
import { formatDate, formatTime } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { daysOf, hourSpan, minutesOf, workerDay, type WorkerDay } from '../model/board-time'
import { BoardBlockButton } from './board-block'
import type { BoardView } from './use-board-filters'
import type { Moving, Target, useBoardMoves } from './use-board-moves'

interface GridProps {
  board: Board
  view: BoardView
  moves: ReturnType<typeof useBoardMoves>
  dragRef: RefObject<Moving | undefined>
  onChoose: (block: BoardBlock) => void
}

/**
 * The timeline: a row per worker; in the day view an hour per column and each booking a block at
 * its time, in the week view a day per column with that day's bookings. A hand-written CSS grid
 * with the browser's own drag and drop (decision 051). Rows are drop targets only: the keyboard
 * path is each block's button and the move dialog.
 */
export function BoardGrid({ board, view, moves, dragRef, onChoose }: GridProps) {
  const { t, i18n } = useTranslation('board')
  const days = daysOf(board.from, board.to)
  const span = hourSpan(board)
  const hours = Array.from({ length: span.end - span.start }, (_, i) => span.start + i)
  const columns = view === 'day' ? hours.length : days.length
  const byWorker = new Map<number, BoardBlock[]>()
  for (const b of board.blocks) byWorker.set(b.worker_id, [...(byWorker.get(b.worker_id) ?? []), b])
  return (
    <ScrollRegion
      label={t('gridLabel')}
      className="board-scroll"
      minWidth={view === 'day' ? 110 + columns * 64 : 110 + columns * 140}
    >
      <div className="board-grid" style={{ ['--board-columns' as string]: columns }}>
        <div className="board-grid__head" aria-hidden="true">
          <span className="board-grid__corner">{t('worker')}</span>
          <div className="board-grid__scale">
            {view === 'day'
              ? hours.map((h) => <span key={h}>{formatTime(`${String(h).padStart(2, '0')}:00`)}</span>)
              : days.map((d) => <span key={d}>{formatDate(d, i18n.language, 'short')}</span>)}
          </div>
        </div>
        {board.workers.length === 0 ? <p className="board-empty">{t('noWorkers')}</p> : null}
        {board.workers.map((worker) => (
          <WorkerRow
            key={worker.worker_id}
            worker={worker}
            blocks={byWorker.get(worker.worker_id) ?? []}
            view={view}
            days={days}
            hours={hours}
            moves={moves}
            dragRef={dragRef}
            onChoose={onChoose}
          />
        ))}
      </div>
    </ScrollRegion>
  )
}

interface RowProps extends Omit<GridProps, 'board'> {
  worker: BoardWorker
  blocks: readonly BoardBlock[]
  days: readonly string[]
  hours: readonly number[]
}

/** Where a drop lands in a day's track: the hour under the pointer. */
function hourAt(e: DragEvent<HTMLElement>, hours: readonly number[]): number {
  const rect = e.currentTarget.getBoundingClientRect()
  const share = rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0
  return hours[Math.max(0, Math.min(hours.length - 1, Math.floor(share * hours.length)))]!
}

/** The start of a booking dropped on a day of the week view: its own start, else when the worker starts. */
function dayStart(item: Moving, day: WorkerDay): number {
  if (item.kind === 'block') return minutesOf(item.block.start_time)
  return day.kind === 'hours' ? minutesOf(day.start) : 9 * 60
}

function WorkerRow({ worker, blocks, view, days, hours, moves, dragRef, onChoose }: RowProps) {
  const { t } = useTranslation('board')
  const names = useNames()
  const [over, setOver] = useState<string>()
  const drop = (e: DragEvent<HTMLElement>, date: string) => {
    e.preventDefault()
    setOver(undefined)
    const item = dragRef.current
    dragRef.current = undefined
    if (!item) return
    const start = view === 'day' ? hourAt(e, hours) * 60 : dayStart(item, workerDay(worker, date))
    const target: Target = { workerId: worker.worker_id, date, start, minutes: moves.lengthOf(item) }
    void moves.move(item, target)
  }
  const dragOver = (e: DragEvent<HTMLElement>, date: string) => {
    if (!dragRef.current) return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'move'
    if (over !== date) setOver(date)
  }
  return (
    <div className="board-row" role="group" aria-label={worker.name} data-worker={worker.worker_id}>
      <div className="board-row__name">
        <strong>{worker.name}</strong>
        <span>{worker.services.map((s) => names.service(s)).join(', ')}</span>
      </div>
      {view === 'day' ? (
        <DayTrack
          worker={worker}
          date={days[0]!}
          hours={hours}
          blocks={blocks}
          over={over === days[0]}
          onDragOver={(e) => dragOver(e, days[0]!)}
          onDragLeave={() => setOver(undefined)}
          onDrop={(e) => drop(e, days[0]!)}
          dragRef={dragRef}
          onChoose={onChoose}
        />
      ) : (
        <div className="board-week">
          {days.map((date) => {
            const day = workerDay(worker, date)
            return (
              <div
                key={date}
                className={`board-week__day board-day--${day.kind}${over === date ? ' board-drop' : ''}`}
                data-date={date}
                onDragOver={(e) => dragOver(e, date)}
                onDragLeave={() => setOver(undefined)}
                onDrop={(e) => drop(e, date)}
              >
                {day.kind === 'off' || day.kind === 'closed' ? (
                  <span className="board-day__note">{t(day.kind === 'off' ? 'dayOff' : 'notWorking')}</span>
                ) : null}
                {blocks
                  .filter((b) => b.date === date)
                  .map((b) => (
                    <BoardBlockButton key={b.assignment_id} block={b} dragRef={dragRef} onChoose={onChoose} />
                  ))}
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}

function DayTrack({
  worker,
  date,
  hours,
  blocks,
  over,
  dragRef,
  onChoose,
  ...events
}: {
  worker: BoardWorker
  date: string
  hours: readonly number[]
  blocks: readonly BoardBlock[]
  over: boolean
  dragRef: RefObject<Moving | undefined>
  onChoose: (block: BoardBlock) => void
  onDragOver: (e: DragEvent<HTMLElement>) => void
  onDragLeave: () => void
  onDrop: (e: DragEvent<HTMLElement>) => void
}) {
  const { t } = useTranslation('board')
  const day = workerDay(worker, date)
  const first = hours[0]! * 60
  const total = hours.length * 60
  const pct = (minutes: number) => `${((minutes - first) / total) * 100}%`
  return (
    <div className={`board-track board-day--${day.kind}${over ? ' board-drop' : ''}`} {...events}>
      {day.kind === 'hours' ? (
        <span
          className="board-track__hours"
          style={{ left: pct(minutesOf(day.start)), width: pct(first + minutesOf(day.end) - minutesOf(day.start)) }}
        />
      ) : null}
      {hours.map((h) => (
        <span key={h} className="board-track__cell" data-hour={h} aria-hidden="true" />
      ))}
      {day.kind === 'off' || day.kind === 'closed' ? (
        <span className="board-day__note">{t(day.kind === 'off' ? 'dayOff' : 'notWorking')}</span>
      ) : null}
      {blocks
        .filter((b) => b.date === date)
        .map((b) => (
          <BoardBlockButton
            key={b.assignment_id}
            block={b}
            dragRef={dragRef}
            onChoose={onChoose}
            style={{
              left: pct(minutesOf(b.start_time)),
              width: pct(first + minutesOf(b.end_time) - minutesOf(b.start_time)),
            }}
          />
        ))}
    </div>
  )
}
