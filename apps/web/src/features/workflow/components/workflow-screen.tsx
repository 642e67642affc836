import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { Link, useSearchParams } from '../../../lib/router'
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
    setParams(next, { replace: true })
  }

  const taskName = tasks.data?.find((task) => task.taskId === taskId)?.taskName
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
        <LoadFailed title={describeLoadError(tasks.error, t, { kind: 'tasks' })} onRetry={() => void tasks.refetch()} />
      ) : null}
      {noTasks ? (
        <Text role="status" aria-live="polite">
          {t('taskSelect.empty')}
        </Text>
      ) : null}
      {/* A new task starts afresh: its own query, its diagram closed. */}
      {taskId !== null ? <TaskWorkflow key={taskId} taskId={taskId} taskName={taskName} /> : null}
      <DiagramExamples />
    </Stack>
  )
}

/** The seed's two React Flow demos (/ff, /un): no work of the office, so reached from here, not from the menu. */
function DiagramExamples() {
  const { t } = useTranslation('workflow')
  return (
    <nav aria-label={t('examples.label')}>
      <Text size="sm">
        {t('examples.intro')} <Link to="/ff">{t('examples.firstFlow')}</Link>
        {' · '}
        <Link to="/un">{t('examples.updateNode')}</Link>
      </Text>
    </nav>
  )
}

function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation('workflow')
  return (
    <Alert color="red" title={title}>
      <Button variant="outline" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  )
}

/** One task's status history: announced when it arrives, as a table, and as a diagram on request. */
function TaskWorkflow({ taskId, taskName }: { taskId: number; taskName: string | undefined }) {
  const { t } = useTranslation('workflow')
  const workflow = useWorkflow(taskId)
  const [opened, setOpened] = useState(false)

  // Once a task is chosen the diagram is likely wanted: fetch its code (React Flow) after the first paint.
  useEffect(() => {
    preloadWorkflowDiagram()
  }, [])

  return (
    <QueryState
      query={workflow}
      loading={t('records.loading', { id: taskId })}
      error={(error, retry) => (
        <LoadFailed title={describeLoadError(error, t, { kind: 'workflow', taskId })} onRetry={retry} />
      )}
      isEmpty={(data) => data.workflows.length === 0}
      empty={t('records.empty', { id: taskId })}
    >
      {({ workflows: records }) => (
        <>
          {/* Async results are announced: what was found. */}
          <Text role="status" aria-live="polite">
            {t('records.loaded', { id: taskId, count: records.length, status: inOrder(records).at(-1)?.status })}
          </Text>
          <Group>
            <Button
              onClick={() => setOpened(true)}
              onPointerEnter={preloadWorkflowDiagram}
              onFocus={preloadWorkflowDiagram}
            >
              {t('open')}
            </Button>
          </Group>
          <section aria-labelledby="workflow-history-heading">
            <Title order={2} id="workflow-history-heading" size="h3" mb="sm">
              {t('records.heading', { id: taskId })}
            </Title>
            <WorkflowRecordsTable taskId={taskId} records={records} />
          </section>
          <WorkflowDiagramModal
            opened={opened}
            onClose={() => setOpened(false)}
            taskId={taskId}
            taskName={taskName}
            records={records}
          />
        </>
      )}
    </QueryState>
  )
}
