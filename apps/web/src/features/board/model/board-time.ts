import type { Board, BoardBlock, BoardWorker } from '@townworks/contract'

/** Minutes since midnight of 'HH:MM' or 'HH:MM:SS'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':')
  return Number(h) * 60 + Number(m)
}

/** 'HH:MM:SS' of minutes since midnight (at most 23:59). */
export function timeOf(minutes: number): string {
  const m = Math.max(0, Math.min(minutes, 23 * 60 + 59))
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`
}

/** A yyyy-MM-dd date `n` days later (calendar arithmetic in UTC: no time zone can shift it). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** The days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = from; d <= to && out.length < 31; d = addDays(d, 1)) out.push(d)
  return out
}

/** The Monday of a date's week (the board's week starts on Monday, like the dashboard's). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return addDays(date, -((weekday + 6) % 7))
}

/** The hours the day view spans: 08–20 at least, widened to every worker's hours and every booking. */
export function hourSpan(board: Pick<Board, 'workers' | 'blocks'>): { start: number; end: number } {
  let start = 8
  let end = 20
  for (const w of board.workers)
    for (const h of w.hours) {
      start = Math.min(start, Math.floor(minutesOf(h.start_time) / 60))
      end = Math.max(end, Math.ceil(minutesOf(h.end_time) / 60))
    }
  for (const b of board.blocks) {
    start = Math.min(start, Math.floor(minutesOf(b.start_time) / 60))
    end = Math.max(end, Math.ceil(minutesOf(b.end_time) / 60))
  }
  return { start, end: Math.min(end, 24) }
}

/** A worker's day: working hours, a day off, or open (no weekly hours recorded: every day is open). */
export type WorkerDay =
  { kind: 'hours'; start: string; end: string } | { kind: 'off' } | { kind: 'open' } | { kind: 'closed' }

export function workerDay(worker: BoardWorker, date: string): WorkerDay {
  if (worker.days_off.includes(date)) return { kind: 'off' }
  const hours = worker.hours.find((h) => h.date === date)
  if (hours) return { kind: 'hours', start: hours.start_time, end: hours.end_time }
  return worker.has_hours ? { kind: 'closed' } : { kind: 'open' }
}

/** A booking's length in minutes (a request dropped on the board is booked for DEFAULT_MINUTES). */
export const DEFAULT_MINUTES = 120

export function durationOf(block: Pick<BoardBlock, 'start_time' | 'end_time'>): number {
  return minutesOf(block.end_time) - minutesOf(block.start_time)
}

/** The half-hours a booking may start at (the keyboard path's list). */
export function startTimes(from = 6, to = 22): string[] {
  const out: string[] = []
  for (let m = from * 60; m < to * 60; m += 30) out.push(timeOf(m))
  return out
}
