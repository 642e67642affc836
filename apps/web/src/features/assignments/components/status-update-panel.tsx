import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core'
import type { TaskStatus } from '@townworks/contract/constants'
import { QueryState } from '../../../components/query-state'
import { Link } from '../../../lib/router'
import { failureText } from '../model/failure'
import { useStatusUpdate, type StatusUpdateState } from './use-status-update'
import { JobPicker } from './lazy-pickers'
import './assignments.css'

export interface StatusUpdatePanelProps {
  /** Pre-select this assignment (`/asu?assignmentId=N`). */
  initialAssignmentId?: number | undefined
}

/**
 * Assignment Status Update (/asu): choose an assignment, see its task and current status, and move
 * it to a status the machine allows for this user; an admin may override with a reason.
 */
export function StatusUpdatePanel({ initialAssignmentId }: StatusUpdatePanelProps) {
  const state = useStatusUpdate(initialAssignmentId)
  const { t, selected, task, handleChoose } = state

  return (
    <Stack gap="md" maw={560} className="assignments-scope">
      <JobPicker
        kind="assignment"
        label={t('fields.assignment')}
        placeholder={t('statusUpdate.select')}
        value={selected}
        fallback={task.data?.task_name}
        onChange={handleChoose}
      />
      {selected !== undefined ? (
        <QueryState
          query={task}
          loading={t('statusUpdate.loadingTask')}
          errorTitle={t('statusUpdate.taskFailed')}
          describeError={(error) => failureText(t, error)}
        >
          {(data) => <StatusForm state={state} data={data} />}
        </QueryState>
      ) : null}
      <StatusOutcome state={state} />
    </Stack>
  )
}

type TaskData = NonNullable<StatusUpdateState['task']['data']>

/** The chosen task's facts, its next status (or an admin's override, with its reason) and the move. */
function StatusForm({ state, data }: { state: StatusUpdateState; data: TaskData }) {
  const { t, handleSubmit, next, update } = state
  return (
    <form onSubmit={handleSubmit} aria-label={t('statusUpdate.formLabel')}>
      <Stack gap="sm">
        <TaskFacts state={state} data={data} />
        <StatusChoice state={state} current={data.status} taskId={data.task_id} />
        <Group>
          <Button type="submit" disabled={!next} loading={update.isPending}>
            {t('statusUpdate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The task's name, its reference when the picker gave it, and where it stands now. */
function TaskFacts({ state, data }: { state: StatusUpdateState; data: TaskData }) {
  const { t, reference, label } = state
  return (
    <dl className="assignments-facts">
      <div>
        <dt>{t('fields.taskName')}</dt>
        <dd>{data.task_name}</dd>
      </div>
      {reference ? (
        <div>
          <dt>{t('fields.reference')}</dt>
          <dd>{reference}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('statusUpdate.currentStatus')}</dt>
        <dd data-testid="current-status">{label(data.status)}</dd>
      </div>
    </dl>
  )
}

/**
 * The statuses this user may move the task to (none: said in words); for an admin, the override
 * that offers every other status and asks why; the start of the work, which the office makes without
 * the customer's start code, asks why too (the same field).
 */
function StatusChoice({ state, current, taskId }: { state: StatusUpdateState; current: TaskStatus; taskId: number }) {
  const {
    t,
    isAdmin,
    override,
    setOverride,
    setNext,
    options,
    statusId,
    label,
    next,
    reason,
    setReason,
    reasonError,
    needsReason,
    startsWithoutCode,
  } = state
  return (
    <>
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
      {options.length === 0 && (current === 'payment_pending' || current === 'payment_received') ? (
        <Text id={statusId}>
          {t(`statusUpdate.moneyStep.${current}.text`)}{' '}
          <Link to={current === 'payment_pending' ? `/payouts?task=${taskId}` : '/payouts'}>
            {t(`statusUpdate.moneyStep.${current}.link`)}
          </Link>
        </Text>
      ) : options.length === 0 ? (
        <Text id={statusId}>{t('statusUpdate.terminal', { status: label(current) })}</Text>
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
      {needsReason ? (
        <Textarea
          label={startsWithoutCode ? t('startWithoutCode.reason') : t('update.reason')}
          description={startsWithoutCode ? t('startWithoutCode.hint') : t('update.reasonHint')}
          withAsterisk
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={reasonError}
        />
      ) : null}
    </>
  )
}

function StatusOutcome({ state }: { state: StatusUpdateState }) {
  const { t, outcome } = state
  return (
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
  )
}
