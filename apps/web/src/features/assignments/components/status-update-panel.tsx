import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core'
import { actorsForRole, nextStatuses, TASK_STATUSES, type TaskStatus } from '@townworks/contract/constants'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { useAssignmentIds } from '../api/get-assignment-ids'
import { getAssignmentTask, useAssignmentTask } from '../api/get-assignment-task'
import { useUpdateStatus } from '../api/update-status'
import { failureText } from '../model/failure'
import './assignments.css'

export interface StatusUpdatePanelProps {
  /** Pre-select this assignment (`/asu?assignmentId=N`). */
  initialAssignmentId?: number | undefined
}

type Outcome = { kind: 'done'; text: string } | { kind: 'refused'; text: string } | null

/**
 * Assignment Status Update (/asu): choose an assignment, see its task and current status, and move
 * it to a status the machine allows for this user; an admin may override with a reason.
 */
export function StatusUpdatePanel({ initialAssignmentId }: StatusUpdatePanelProps) {
  const { t } = useTranslation('assignments')
  const { role } = useSession()
  const ids = useAssignmentIds()
  const [selected, setSelected] = useState<number | undefined>(initialAssignmentId)
  const task = useAssignmentTask(selected)
  const update = useUpdateStatus()
  const [next, setNext] = useState<TaskStatus | ''>('')
  const [override, setOverride] = useState(false)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const statusId = useId()

  const current = task.data?.status
  const allowed = current && role ? nextStatuses(current, actorsForRole(role)) : []
  const isAdmin = role === 'admin'
  const options = override && current ? TASK_STATUSES.filter((s) => s !== current) : allowed
  const label = (s: TaskStatus) => t(`status.${s}`)
  const inWords = (list: readonly TaskStatus[]) =>
    list.length === 0
      ? t('statusUpdate.noNext')
      : t('statusUpdate.nextList', { list: list.map(label).join(t('statusUpdate.or')) })

  const handleChoose = (value: string) => {
    setOutcome(null)
    setNext('')
    setOverride(false)
    setReason('')
    setSelected(value === '' ? undefined : Number(value))
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!task.data || !next) return
    if (override && reason.trim().length < 3) {
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
        ...(override ? { reason: reason.trim() } : {}),
      })
      setOutcome({
        kind: 'done',
        text: t('statusUpdate.done', {
          task: answer.task_id,
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

  const list = ids.data ?? []
  return (
    <Stack gap="md" maw={560} className="assignments-scope">
      {ids.isError ? (
        <Alert color="red" role="alert" title={t('statusUpdate.listFailed')}>
          {failureText(t, ids.error)}
        </Alert>
      ) : null}
      <NativeSelect
        label={t('fields.assignmentId')}
        value={selected === undefined ? '' : String(selected)}
        onChange={(e) => handleChoose(e.currentTarget.value)}
        data={[
          { value: '', label: ids.isPending ? t('loading') : t('statusUpdate.select') },
          ...list.map((id) => ({ value: String(id), label: String(id) })),
        ]}
        description={!ids.isPending && list.length === 0 ? t('update.noAssignments') : undefined}
      />
      {selected !== undefined && task.isPending ? <Text>{t('statusUpdate.loadingTask')}</Text> : null}
      {task.isError ? (
        <Alert color="red" role="alert" title={t('statusUpdate.taskFailed')}>
          {failureText(t, task.error)}
        </Alert>
      ) : null}
      {task.data ? (
        <form onSubmit={handleSubmit} aria-label={t('statusUpdate.formLabel')}>
          <Stack gap="sm">
            <dl className="assignments-facts">
              <div>
                <dt>{t('fields.taskName')}</dt>
                <dd>{task.data.task_name}</dd>
              </div>
              <div>
                <dt>{t('fields.taskId')}</dt>
                <dd>{task.data.task_id}</dd>
              </div>
              <div>
                <dt>{t('statusUpdate.currentStatus')}</dt>
                <dd data-testid="current-status">{label(task.data.status)}</dd>
              </div>
            </dl>
            {isAdmin ? (
              <Checkbox
                label={t('statusUpdate.override')}
                description={t('statusUpdate.overrideHint')}
                checked={override}
                onChange={(e) => {
                  setOverride(e.currentTarget.checked)
                  setNext('')
                }}
              />
            ) : null}
            {options.length === 0 ? (
              <Text id={statusId}>{t('statusUpdate.terminal', { status: label(task.data.status) })}</Text>
            ) : (
              <NativeSelect
                label={t('statusUpdate.newStatus')}
                value={next}
                onChange={(e) => setNext(e.currentTarget.value as TaskStatus | '')}
                data={[
                  { value: '', label: t('statusUpdate.chooseStatus') },
                  ...options.map((s) => ({ value: s, label: label(s) })),
                ]}
              />
            )}
            {override ? (
              <Textarea
                label={t('update.reason')}
                description={t('update.reasonHint')}
                withAsterisk
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={reasonError}
              />
            ) : null}
            <Group>
              <Button type="submit" disabled={!next} loading={update.isPending}>
                {t('statusUpdate.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      <div aria-live="polite" aria-atomic="true">
        {outcome?.kind === 'done' ? (
          <Alert color="green" role="status" title={t('statusUpdate.doneTitle')}>
            {outcome.text}
          </Alert>
        ) : null}
        {outcome?.kind === 'refused' ? (
          <Alert color="red" title={t('statusUpdate.refusedTitle')}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>
    </Stack>
  )
}
