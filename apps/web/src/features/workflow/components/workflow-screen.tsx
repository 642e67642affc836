import { Button, Group, Stack, Text, Title } from '@mantine/core'
import type { JobSummary } from '@townworks/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStatusLabel } from '../../../lib/status-labels'
import { JobPicker } from '../../../components/job-picker/job-picker'
import { QueryState } from '../../../components/query-state'
import { Link, useSearchParams } from '../../../lib/router'
import { useJob } from '../../../lib/shared-api/jobs'
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

/**
 * How the chosen task is named: its row from the picker, else (a shared link) the job it belongs
 * to, asked for once; "#12" until that answers or when the task does not exist.
 */
function useTaskNaming(taskId: number | null, chosen: JobSummary | undefined) {
  const picked = chosen && chosen.task_id === taskId ? chosen : undefined
  const job = useJob(taskId !== null && !picked ? taskId : undefined)
  const known = job.data?.task.id === taskId ? job.data?.task : undefined
  return {
    reference: picked?.reference ?? known?.reference ?? `#${taskId ?? ''}`,
    taskName: picked?.task_name ?? known?.name,
  }
}

/** /wfs: choose a task by its reference, worker, service or town; read its status history, open it as a diagram. */
export function WorkflowScreen() {
  const { t } = useTranslation('workflow')
  const [params, setParams] = useSearchParams()
  const taskId = parseTaskId(params.get(TASK_PARAM))
  const [chosen, setChosen] = useState<JobSummary | undefined>(undefined)
  const { reference, taskName } = useTaskNaming(taskId, chosen)

  const handleTaskChange = (id: number | undefined, summary: JobSummary | undefined) => {
    setChosen(summary)
    const next = new URLSearchParams(params)
    if (id !== undefined) next.set(TASK_PARAM, String(id))
    else next.delete(TASK_PARAM)
    setParams(next, { replace: true })
  }

  return (
    <Stack gap="lg">
      <div style={{ maxWidth: 560 }}>
        <JobPicker
          kind="task"
          label={t('taskSelect.label')}
          value={taskId ?? undefined}
          onChange={handleTaskChange}
          fallback={taskName ? `${reference} · ${taskName}` : undefined}
          clearLabel={t('taskSelect.clear')}
        />
      </div>
      {/* A new task starts afresh: its own query, its diagram closed. */}
      {taskId !== null ? <TaskWorkflow key={taskId} taskId={taskId} reference={reference} taskName={taskName} /> : null}
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

interface TaskWorkflowProps {
  taskId: number
  reference: string
  taskName: string | undefined
}

/** One task's status history: announced when it arrives, as a table, and as a diagram on request. */
function TaskWorkflow({ taskId, reference, taskName }: TaskWorkflowProps) {
  const { t } = useTranslation('workflow')
  const label = useStatusLabel()
  const workflow = useWorkflow(taskId)
  const [opened, setOpened] = useState(false)

  // Once a task is chosen the diagram is likely wanted: fetch its code (React Flow) after the first paint.
  useEffect(() => {
    preloadWorkflowDiagram()
  }, [])

  return (
    <QueryState
      query={workflow}
      loading={t('records.loading', { ref: reference })}
      describeError={(error) => describeLoadError(error, t, reference)}
      isEmpty={(data) => data.workflows.length === 0}
      empty={t('records.empty', { ref: reference })}
    >
      {({ workflows: records }) => (
        <>
          {/* Async results are announced: what was found. */}
          <Text role="status" aria-live="polite">
            {t('records.loaded', {
              ref: reference,
              count: records.length,
              status: label(inOrder(records).at(-1)!.status),
            })}
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
              {t('records.heading', { ref: reference })}
            </Title>
            <WorkflowRecordsTable taskId={taskId} reference={reference} records={records} />
          </section>
          <WorkflowDiagramModal
            opened={opened}
            onClose={() => setOpened(false)}
            reference={reference}
            taskName={taskName}
            records={records}
          />
        </>
      )}
    </QueryState>
  )
}
