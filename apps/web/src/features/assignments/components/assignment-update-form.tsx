import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { failureText } from '../model/failure'
import { NONE, useAssignmentUpdateForm, type AssignmentUpdateFormState } from './use-assignment-update-form'
import { WorkerPicker } from './lazy-worker-picker'
import './assignments.css'

export interface AssignmentUpdateFormProps {
  /** Pre-select this assignment (`/etass?assignmentId=N`). */
  initialAssignmentId?: number | undefined
}

/** Update Task Assignment (/etass): the seed's edit form; a status change goes through the status machine. */
export function AssignmentUpdateForm({ initialAssignmentId }: AssignmentUpdateFormProps) {
  const form = useAssignmentUpdateForm(initialAssignmentId)
  const { t, saved, failure, assignments, selected, details, loaded, update, onSubmit } = form
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
      {assignments.isError ? (
        <Alert color="red" role="alert" title={t('update.listFailed')}>
          {failureText(t, assignments.error)}
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

/** Which assignment, and the task it belongs to. */
function AssignmentChoice({ form }: PartProps) {
  const { t, selected, rows, assignments, handleChooseAssignment, taskIds, register, err, tasks } = form
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NativeSelect
        label={t('fields.assignmentId')}
        value={selected === undefined ? (rows.length ? '' : NONE) : String(selected)}
        onChange={(e) => handleChooseAssignment(e.currentTarget.value)}
        disabled={assignments.isPending}
        data={
          rows.length === 0
            ? [{ value: NONE, label: assignments.isPending ? t('loading') : t('update.noAssignments') }]
            : [
                { value: '', label: t('update.selectAssignment') },
                ...rows.map(({ assignmentId: id, taskName: name }) => ({
                  value: String(id),
                  label: t('update.assignmentOption', { id, name }),
                })),
              ]
        }
      />
      <NativeSelect
        label={t('fields.taskId')}
        disabled={taskIds.isPending}
        {...register('task_id')}
        error={err('task_id')}
        data={
          tasks.length === 0
            ? [{ value: NONE, label: taskIds.isPending ? t('loading') : t('update.noTasks') }]
            : [
                { value: '', label: t('update.selectTask') },
                ...tasks.map(({ taskId: id, taskName: name }) => ({
                  value: String(id),
                  label: t('update.taskOption', { id, name }),
                })),
              ]
        }
      />
    </SimpleGrid>
  )
}

/** The worker (typed or picked from those free in the slot), the work, and its dates and times. */
function WorkAndSlot({ form }: PartProps) {
  const { t, register, err, loaded, slot, typedId, setValue, setFocus } = form
  return (
    <>
      <TextInput
        label={t('fields.workerId')}
        placeholder={t('placeholders.workerId')}
        inputMode="numeric"
        {...register('worker_id')}
        error={err('worker_id')}
      />
      {loaded ? (
        <WorkerPicker
          query={slot}
          selectedId={Number.isInteger(typedId) && typedId > 0 ? typedId : undefined}
          onPick={(id) => {
            setValue('worker_id', String(id), { shouldValidate: true, shouldDirty: true })
            setFocus('worker_id')
          }}
        />
      ) : null}
      <Textarea
        label={t('fields.serviceDesc')}
        placeholder={t('placeholders.serviceDesc')}
        rows={3}
        {...register('service_desc')}
        error={err('service_desc')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
      </SimpleGrid>
    </>
  )
}

/** The status: kept, moved as the machine allows this user, or (an admin) overridden with a reason. */
function StatusChoice({ form }: PartProps) {
  const { t, current, register, err, statusOptions, isOverride } = form
  return (
    <>
      <NativeSelect
        label={t('fields.status')}
        description={current ? t('update.statusHint', { status: t(`status.${current}`) }) : undefined}
        {...register('status')}
        error={err('status')}
        data={[
          { value: '', label: t('update.selectStatus') },
          ...statusOptions.map((s) => ({
            value: s,
            label: s === current ? t('update.keepStatus', { status: t(`status.${s}`) }) : t(`status.${s}`),
          })),
        ]}
      />
      {isOverride ? (
        <Textarea
          label={t('update.reason')}
          description={t('update.reasonHint')}
          withAsterisk
          {...register('reason', { shouldUnregister: true })}
          error={err('reason')}
        />
      ) : null}
    </>
  )
}
