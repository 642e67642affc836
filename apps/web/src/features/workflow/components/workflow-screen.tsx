import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { useTaskIds } from '../../../lib/shared-api/tasks'
import { useWorkflow } from '../api/get-workflow'
import { inOrder } from '../model/workflow-diagram'
import { describeLoadError } from './load-error'
import { preloadWorkflowDiagram, WorkflowDiagramModal } from './workflow-diagram-modal'
import { WorkflowRecordsTable } from './workflow-records-table'

/** The URL keeps the chosen task (`?task=12`), so a workflow can be shared and survives a reload. */
const TASK_PARAM = 'task'

function parseTaskId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= 2_147_483_647 ? id : null
}

/** Mantine's dimmed description text is 3.3:1 on white; this grey is 7.6:1. */
const READABLE_DESCRIPTION = { description: { color: '#4b5563' } }

/** /wfs: choose a task, read its status history, open it as a diagram. */
export function WorkflowScreen() {
  const { t } = useTranslation('workflow')
  const [params, setParams] = useSearchParams()
  const taskId = parseTaskId(params.get(TASK_PARAM))
  const tasks = useTaskIds()
  const workflow = useWorkflow(taskId)
  const [opened, setOpened] = useState(false)

  // Once a task is chosen the diagram is likely wanted: fetch its code (React Flow) after the first paint.
  useEffect(() => {
    if (taskId !== null) preloadWorkflowDiagram()
  }, [taskId])

  const options = useMemo(
    () =>
      (tasks.data ?? []).map(({ taskId: id, taskName: name, status }) => ({
        value: String(id),
        label: t('taskSelect.option', { id, name, status }),
      })),
    [tasks.data, t],
  )

  const handleTaskChange = (value: string | null) => {
    const next = new URLSearchParams(params)
    if (value) next.set(TASK_PARAM, value)
    else next.delete(TASK_PARAM)
    setOpened(false)
    setParams(next, { replace: true })
  }

  const records = workflow.data?.workflows
  const taskName = tasks.data?.find((task) => task.taskId === taskId)?.taskName
  const current = records && records.length > 0 ? inOrder(records).at(-1) : undefined
  const noTasks = tasks.isSuccess && options.length === 0

  return (
    <Stack gap="lg">
      <Select
        label={t('taskSelect.label')}
        placeholder={noTasks ? t('taskSelect.empty') : t('taskSelect.placeholder')}
        description={t('taskSelect.description')}
        styles={READABLE_DESCRIPTION}
        data={options}
        value={taskId === null ? null : String(taskId)}
        onChange={handleTaskChange}
        searchable
        clearable
        // Mantine hides its clear button from the keyboard and screen readers: give it back to them.
        clearButtonProps={{ 'aria-label': t('taskSelect.clear'), 'aria-hidden': false, tabIndex: 0 }}
        nothingFoundMessage={t('taskSelect.nothingFound')}
        disabled={noTasks}
        rightSection={tasks.isPending ? <Loader size="xs" aria-label={t('taskSelect.loading')} /> : undefined}
        maw={560}
        comboboxProps={{ withinPortal: true }}
      />

      {tasks.isError ? (
        <Alert color="red" title={describeLoadError(tasks.error, t, { kind: 'tasks' })}>
          <Button variant="outline" onClick={() => void tasks.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : null}
      {taskId !== null && workflow.isError ? (
        <Alert color="red" title={describeLoadError(workflow.error, t, { kind: 'workflow', taskId })}>
          <Button variant="outline" onClick={() => void workflow.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : null}

      {/* Async results are announced: loading, then what was found. */}
      <div role="status" aria-live="polite">
        {noTasks ? <Text>{t('taskSelect.empty')}</Text> : null}
        {taskId !== null && workflow.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>{t('records.loading', { id: taskId })}</Text>
          </Group>
        ) : null}
        {taskId !== null && records ? (
          <Text>
            {current
              ? t('records.loaded', { id: taskId, count: records.length, status: current.status })
              : t('records.empty', { id: taskId })}
          </Text>
        ) : null}
      </div>

      {taskId !== null ? (
        <Group>
          <Button
            onClick={() => setOpened(true)}
            onPointerEnter={preloadWorkflowDiagram}
            onFocus={preloadWorkflowDiagram}
            disabled={!records || records.length === 0}
          >
            {t('open')}
          </Button>
        </Group>
      ) : null}

      {taskId !== null && records && records.length > 0 ? (
        <section aria-labelledby="workflow-history-heading">
          <Title order={2} id="workflow-history-heading" size="h3" mb="sm">
            {t('records.heading', { id: taskId })}
          </Title>
          <WorkflowRecordsTable taskId={taskId} records={records} />
        </section>
      ) : null}

      {taskId !== null && records && records.length > 0 ? (
        <WorkflowDiagramModal
          opened={opened}
          onClose={() => setOpened(false)}
          taskId={taskId}
          taskName={taskName}
          records={records}
        />
      ) : null}
    </Stack>
  )
}
