import type { WorkflowRecord } from '@townworks/contract'
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryError } from '../../../components/query-state'
import { DiagramBoundary } from './diagram-boundary'
import type { default as WorkflowDiagram, WorkflowDiagramProps } from './workflow-diagram'

interface DiagramModule {
  default: typeof WorkflowDiagram
}

/** The diagram's module once it has arrived: drawn at once, without suspending again. */
let loadedDiagram: DiagramModule | undefined

const loadDiagram = () =>
  import('./workflow-diagram').then((module) => {
    loadedDiagram = module
    return module
  })

/** Start fetching the diagram's code (React Flow and its CSS) before it is needed, e.g. once a task is chosen. */
export function preloadWorkflowDiagram(): void {
  if (!loadedDiagram) void loadDiagram().catch(() => undefined)
}

/** React.lazy keeps a failed import for good: a retry needs a new lazy component. */
const makeLazyDiagram = () => lazy(loadDiagram)

/**
 * The diagram, from the loaded module when it is there: React.lazy would suspend even for a module
 * already loaded, and React holds a revealed Suspense fallback for 300 ms, a visible stall.
 */
function Diagram({ lazyDiagram: LazyDiagram, ...props }: WorkflowDiagramProps & { lazyDiagram: LazyDiagramType }) {
  const Loaded = loadedDiagram?.default
  return Loaded ? <Loaded {...props} /> : <LazyDiagram {...props} />
}
type LazyDiagramType = ReturnType<typeof makeLazyDiagram>

export interface WorkflowDiagramModalProps {
  opened: boolean
  onClose: () => void
  /** How a person names the task: TW-000123. */
  reference: string
  taskName?: string | undefined
  records: readonly WorkflowRecord[]
}

/** The seed's 'Workflow Diagram' modal: 80 % wide, 50 % high, the diagram drawn lazily, and a Close button. */
export function WorkflowDiagramModal({ opened, onClose, reference, taskName, records }: WorkflowDiagramModalProps) {
  const { t } = useTranslation('workflow')
  const [LazyDiagram, setLazyDiagram] = useState(makeLazyDiagram)

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('modal.title')}
      size="80%"
      withCloseButton={false}
      returnFocus
      styles={{
        content: { height: '50%', minHeight: '22rem', display: 'flex', flexDirection: 'column' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, gap: '0.75rem' },
        title: { fontWeight: 700, fontSize: '1.125rem' },
      }}
    >
      <div style={{ flex: 1, minHeight: 0 }}>
        <DiagramBoundary
          fallback={(retry) => (
            <QueryError
              text={t('modal.failed')}
              onRetry={() => {
                setLazyDiagram(makeLazyDiagram)
                retry()
              }}
            />
          )}
        >
          <Suspense
            fallback={
              <Center h="100%" role="status">
                <Stack align="center" gap="xs">
                  <Loader aria-hidden />
                  <Text>{t('modal.loading')}</Text>
                </Stack>
              </Center>
            }
          >
            <Diagram lazyDiagram={LazyDiagram} reference={reference} taskName={taskName} records={records} />
          </Suspense>
        </DiagramBoundary>
      </div>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('modal.close')}
        </Button>
      </Group>
    </Modal>
  )
}
