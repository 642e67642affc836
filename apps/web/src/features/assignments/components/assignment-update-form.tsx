import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { failureText } from '../model/failure'
import { useAssignmentUpdateForm, type AssignmentUpdateFormState } from './use-assignment-update-form'
import { JobPicker, WorkerPicker, WorkerSelect } from './lazy-pickers'
import './assignments.css'
import { useStatusLabel } from '../../../lib/status-labels'

export interface AssignmentUpdateFormProps {
  /** Pre-select this assignment (`/etass?assignmentId=N`). */
  initialAssignmentId?: number | undefined
}

/** Update Task Assignment (/etass): the seed's edit form; a status change goes through the status machine. */
export function AssignmentUpdateForm({ initialAssignmentId }: AssignmentUpdateFormProps) {
  const form = useAssignmentUpdateForm(initialAssignmentId)
  const { t, saved, failure, selected, details, loaded, update, onSubmit } = form
  return (
    <Stack gap="md" maw={720} className="assignments-scope">
      <div aria-live="polite" aria-atomic="true">
        {saved ? (
          <Alert color="green" role="status" title={t('update.savedTitle')}>
            {saved}
          </Alert>
        ) : null}
      </div>
      {failure ? (
        <Alert color="red" role="alert" title={t('update.failed')}>
          {failure}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate aria-label={t('update.formLabel')}>
        <Stack gap="sm">
          <AssignmentChoice form={form} />
          {selected !== undefined && details.isPending ? (
            <Alert color="gray">{t('update.loadingAssignment')}</Alert>
          ) : null}
          {details.isError ? (
            <Alert color="red" role="alert" title={t('update.loadFailed')}>
              {failureText(t, details.error)}
            </Alert>
          ) : null}
          <WorkAndSlot form={form} />
          <StatusChoice form={form} />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!loaded}>
              {t('update.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

interface PartProps {
  form: AssignmentUpdateFormState
}

/** Which assignment, and the task it belongs to: chosen by what a person recognises, sent as the seed's ids. */
function AssignmentChoice({ form }: PartProps) {
  const { t, selected, handleChooseAssignment, values, choose, err, loaded, chosen } = form
  const taskId = Number(values.task_id)
  return (
    <div className="form-grid form-grid--2">
      <JobPicker
        kind="assignment"
        label={t('fields.assignment')}
        placeholder={t('update.selectAssignment')}
        value={selected}
        fallback={loaded?.assignment_id === selected ? loaded?.task_name : undefined}
        onChange={handleChooseAssignment}
      />
      <JobPicker
        kind="task"
        label={t('fields.task')}
        placeholder={t('update.selectTask')}
        value={values.task_id && Number.isInteger(taskId) ? taskId : undefined}
        // The chosen assignment's row names its task as well (same reference, service, town, time).
        fallback={
          chosen?.task_id === taskId
            ? { ...chosen, id: taskId }
            : loaded?.task_id === taskId
              ? loaded.task_name
              : undefined
        }
        onChange={(id) => choose('task_id', id === undefined ? '' : String(id))}
        error={err('task_id')}
        disabled={!loaded}
      />
    </div>
  )
}

/** The worker (by name, free or busy in the slot), the work, and its dates and times. */
function WorkAndSlot({ form }: PartProps) {
  const { t, register, err, loaded, slot, values, choose, currentWorker } = form
  return (
    <>
      {loaded ? (
        <>
          <WorkerSelect
            label={t('fields.worker')}
            value={values.worker_id === undefined ? '' : String(values.worker_id)}
            onChange={(id) => choose('worker_id', id)}
            service={loaded.service ?? undefined}
            town={loaded.town ?? undefined}
            slot={slot}
            current={currentWorker}
            error={err('worker_id')}
          />
          <WorkerPicker
            query={slot}
            selectedId={Number(values.worker_id) || undefined}
            onPick={(id) => choose('worker_id', String(id))}
          />
        </>
      ) : null}
      <Textarea
        label={t('fields.serviceDesc')}
        placeholder={t('placeholders.serviceDesc')}
        rows={3}
        {...register('service_desc')}
        error={err('service_desc')}
      />
      <div className="form-grid form-grid--2">
        <TextInput
          type="date"
          label={t('fields.assignmentDate')}
          {...register('assignment_date')}
          error={err('assignment_date')}
        />
        <TextInput
          type="date"
          label={t('fields.completionDate')}
          {...register('completion_date')}
          error={err('completion_date')}
        />
        <TextInput type="time" label={t('fields.startTime')} {...register('start_time')} error={err('start_time')} />
        <TextInput type="time" label={t('fields.endTime')} {...register('end_time')} error={err('end_time')} />
      </div>
    </>
  )
}

/**
 * The status: kept, moved as the machine allows this user, or (an admin) overridden with a reason; the
 * start of the work without the customer's start code asks why in the same field.
 */
function StatusChoice({ form }: PartProps) {
  const { t, current, register, err, statusOptions, needsReason, startsWithoutCode } = form
  const statusName = useStatusLabel()
  return (
    <>
      <NativeSelect
        label={t('fields.status')}
        description={current ? t('update.statusHint', { status: statusName(current) }) : undefined}
        {...register('status')}
        error={err('status')}
        data={[
          { value: '', label: t('update.selectStatus') },
          ...statusOptions.map((s) => ({
            value: s,
            label: s === current ? t('update.keepStatus', { status: statusName(s) }) : statusName(s),
          })),
        ]}
      />
      {needsReason ? (
        <Textarea
          label={startsWithoutCode ? t('startWithoutCode.reason') : t('update.reason')}
          description={startsWithoutCode ? t('startWithoutCode.hint') : t('update.reasonHint')}
          withAsterisk
          {...register('reason', { shouldUnregister: true })}
          error={err('reason')}
        />
      ) : null}
    </>
  )
}
