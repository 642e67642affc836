import type { Board, BoardBlock, BoardQuery, BoardRequest, BoardWorker } from '@townworks/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { formatDate, formatTime } from '../../../lib/format'
import { assignmentsKeys, boardKeys, tasksKeys } from '../../../lib/query-keys'
import { updateAssignment } from '../../../lib/shared-api/assignments'
import { createSchedule, refreshAfterSchedule } from '../../../lib/shared-api/schedule'
import { DEFAULT_MINUTES, durationOf, minutesOf, timeOf } from '../model/board-time'

/** Where a block or request goes: a worker, a day and a start (minutes since midnight), for so long. */
export interface Target {
  workerId: number
  date: string
  start: number
  minutes: number
}

export type Moving = { kind: 'block'; block: BoardBlock } | { kind: 'request'; request: BoardRequest }

export interface MoveNotice {
  kind: 'done' | 'refused'
  text: string
}

/** Where a block would stand after the move (the board shows it there until the server answers). */
function moved(board: Board, item: Moving, to: Target): Board {
  const place = {
    worker_id: to.workerId,
    date: to.date,
    start_time: timeOf(to.start),
    end_time: timeOf(to.start + to.minutes),
  }
  if (item.kind === 'block')
    return {
      ...board,
      blocks: board.blocks.map((b) => (b.assignment_id === item.block.assignment_id ? { ...b, ...place } : b)),
    }
  const r = item.request
  const provisional: BoardBlock = {
    assignment_id: -r.request_id,
    task_id: -r.request_id,
    reference: r.reference,
    task_name: r.name,
    service_desc: r.description ?? '',
    status: 'assigned',
    completion_date: null,
    town: r.town,
    service: r.service,
    ...place,
  }
  return {
    ...board,
    blocks: [...board.blocks, provisional],
    unassigned: board.unassigned.filter((u) => u.request_id !== r.request_id),
  }
}

/** The other booking's hours of a refused move, from the API's `details.clash`. */
function clashHours(error: unknown): { start: string; end: string } | undefined {
  const clash = isApiError(error) ? error.details.clash : undefined
  if (typeof clash !== 'object' || clash === null) return undefined
  const { startTime, endTime } = clash as { startTime?: unknown; endTime?: unknown }
  if (typeof startTime !== 'string' || typeof endTime !== 'string') return undefined
  return { start: startTime.slice(0, 5), end: endTime.slice(0, 5) }
}

/**
 * The board's moves: a block to another worker or time (PUT /api/assignmentupdate) and a request
 * onto a worker's row (POST /api/schedule), the same calls and rules as the forms. The block stands
 * where it was dropped while the server decides; a refusal puts it back and says why, in words.
 */
export function useBoardMoves(query: BoardQuery, workers: readonly BoardWorker[]) {
  const { t, i18n } = useTranslation('board')
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<MoveNotice>()
  const [busy, setBusy] = useState(false)
  const key = boardKeys.board(query)
  const nameOf = (id: number) => workers.find((w) => w.worker_id === id)?.name ?? `#${id}`

  const reason = (error: unknown, workerName: string) =>
    describeApiError(error, {
      DOUBLE_BOOKING: (e) => {
        const hours = clashHours(e)
        return hours ? t('reason.clashAt', { name: workerName, ...hours }) : t('reason.clash', { name: workerName })
      },
      CONFLICT: (e) =>
        (i18n.resolvedLanguage ?? 'en') === 'en' ? serverDetail(e) : t('reason.notFree', { name: workerName }),
    })

  async function move(item: Moving, to: Target): Promise<boolean> {
    const reference = item.kind === 'block' ? item.block.reference : item.request.reference
    const where = {
      name: nameOf(to.workerId),
      date: formatDate(to.date, i18n.language),
      time: formatTime(timeOf(to.start)),
    }
    const previous = queryClient.getQueryData(key) as Board | undefined
    await queryClient.cancelQueries({ queryKey: key })
    if (previous) queryClient.setQueryData(key, moved(previous, item, to))
    setBusy(true)
    setNotice(undefined)
    try {
      if (item.kind === 'block') {
        const b = item.block
        await updateAssignment({
          assignment_id: b.assignment_id,
          worker_id: to.workerId,
          service_desc: b.service_desc,
          assignment_date: to.date,
          start_time: timeOf(to.start),
          end_time: timeOf(to.start + to.minutes),
          completion_date: b.completion_date && b.completion_date >= to.date ? b.completion_date : null,
          expected_status: b.status,
        })
      } else {
        const r = item.request
        await createSchedule({
          taskName: `${r.service} for ${r.name}`,
          serviceDesc: r.description ?? '',
          workerId: to.workerId,
          date: to.date,
          startTime: timeOf(to.start),
          endTime: timeOf(to.start + to.minutes),
          completionDate: null,
          selectedStatus: 'assigned',
          requestId: r.request_id,
        })
      }
      setNotice({
        kind: 'done',
        text: t(item.kind === 'block' ? 'done.moved' : 'done.scheduled', { reference, ...where }),
      })
      return true
    } catch (error) {
      // Back where it was, and why, in words.
      if (previous) queryClient.setQueryData(key, previous)
      setNotice({
        kind: 'refused',
        text: t(item.kind === 'block' ? 'refused.move' : 'refused.schedule', {
          reference,
          reason: reason(error, where.name),
        }),
      })
      return false
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: boardKeys.all })
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all })
      if (item.kind === 'request') void refreshAfterSchedule(queryClient)
      else void queryClient.invalidateQueries({ queryKey: assignmentsKeys.all })
    }
  }

  /** Where a drop lands: the block keeps its length, a request is booked for DEFAULT_MINUTES. */
  const lengthOf = (item: Moving) => (item.kind === 'block' ? durationOf(item.block) : DEFAULT_MINUTES)

  return { move, notice, busy, lengthOf, startOf: (block: BoardBlock) => minutesOf(block.start_time) }
}
