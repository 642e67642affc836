import type { JobSummary } from '@townworks/contract'
import {
  actorsForRole,
  isRecordedMoneyStatus,
  nextStatuses,
  TASK_STATUSES,
  type TaskStatus,
} from '@townworks/contract/constants'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { getAssignmentTask, useAssignmentTask } from '../api/get-assignment-task'
import { useUpdateStatus } from '../../../lib/shared-api/tasks'
import { failureText } from '../model/failure'
import { useStatusLabel } from '../../../lib/status-labels'

type Outcome = { kind: 'done'; text: string } | { kind: 'refused'; text: string } | null

/**
 * Assignment Status Update's state: the chosen assignment, its task, the statuses this user
 * may move it to (an admin's override with a reason; a start without the customer's start code,
 * with why), and the move itself; a 409 says where the task is now and where it may go.
 */
// The submit handler's refusal text needs the machine, the role and the task together: it stays here.
export function useStatusUpdate(initialAssignmentId: number | undefined) {
  const { t } = useTranslation('assignments')
  const statusName = useStatusLabel()
  const { role } = useSession()
  const [selected, setSelected] = useState<number | undefined>(initialAssignmentId)
  const [chosen, setChosen] = useState<JobSummary | undefined>(undefined)
  const task = useAssignmentTask(selected)
  const update = useUpdateStatus()
  const [next, setNext] = useState<TaskStatus | ''>('')
  const [override, setOverride] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const statusId = useId()

  const current = task.data?.status
  // A money status comes from recording the money on Payouts (decision 023), never from this form.
  const allowed =
    current && role ? nextStatuses(current, actorsForRole(role)).filter((s) => !isRecordedMoneyStatus(s)) : []
  const isAdmin = role === 'admin'
  const options = override && current ? TASK_STATUSES.filter((s) => s !== current) : allowed
  // The office starting the work: the customer's start code was not used, so the workflow keeps why (issue 21).
  const startsWithoutCode = current === 'assigned' && next === 'work_inprogress'
  const needsReason = override || startsWithoutCode
  const label = (s: TaskStatus) => statusName(s)
  const inWords = (list: readonly TaskStatus[]) =>
    list.length === 0
      ? t('statusUpdate.noNext')
      : t('statusUpdate.nextList', { list: list.map(label).join(t('statusUpdate.or')) })

  const handleChoose = (id: number | undefined, summary: JobSummary | undefined) => {
    setOutcome(null)
    setNext('')
    setOverride(false)
    setReason('')
    setChosen(summary)
    setSelected(id)
  }

  /** How a person names the chosen task: its reference, when the picker's row gave it. */
  const reference = chosen && chosen.id === selected ? chosen.reference : undefined

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!task.data || !next) return
    if (needsReason && reason.trim().length < 3) {
      setReasonError(t('update.errors.reason'))
      return
    }
    setReasonError(null)
    setOutcome(null)
    const from = task.data.status
    try {
      const answer = await update.mutateAsync({
        taskId: task.data.task_id,
        status: next,
        expectedStatus: from,
        ...(needsReason ? { reason: reason.trim() } : {}),
      })
      setOutcome({
        kind: 'done',
        text: t('statusUpdate.done', {
          task: reference ?? `#${answer.task_id}`,
          from: label(answer.previous_status),
          to: label(answer.status),
        }),
      })
      setNext('')
      setOverride(false)
      setReason('')
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && selected !== undefined) {
        // Someone moved it first, or the machine does not allow it: say where it is now and where it may go.
        const now = await getAssignmentTask(selected).catch(() => undefined)
        const status = now?.status ?? from
        const may = role ? nextStatuses(status, actorsForRole(role)) : []
        setOutcome({
          kind: 'refused',
          text: `${error.code === 'STALE_STATUS' ? t('statusUpdate.stale', { status: label(status) }) : t('statusUpdate.notAllowed', { from: label(status), to: label(next) })} ${inWords(may)}`,
        })
        setNext('')
      } else {
        setOutcome({ kind: 'refused', text: failureText(t, error) })
      }
    }
  }

  return {
    t,
    selected,
    reference,
    task,
    update,
    next,
    setNext,
    override,
    setOverride,
    startsWithoutCode,
    needsReason,
    reason,
    setReason,
    reasonError,
    outcome,
    statusId,
    isAdmin,
    options,
    label,
    handleChoose,
    handleSubmit,
  }
}

/** What useStatusUpdate gives the panel's parts. */
export type StatusUpdateState = ReturnType<typeof useStatusUpdate>
