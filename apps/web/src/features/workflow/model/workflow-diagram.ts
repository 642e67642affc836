import type { TaskStatus, WorkflowRecord } from '@townworks/contract'
// Types only: this module stays free of React Flow's code, so unit tests and the screen can use it
// without loading the library.
import type { Edge, Node } from '@xyflow/react'

/** Horizontal distance between two consecutive statuses (seed section 9). */
export const NODE_SPACING = 150

/** The React Flow node type that draws one workflow record. */
export const WORKFLOW_NODE_TYPE = 'workflowStatus'

/** What one node of the workflow diagram carries. */
export interface WorkflowNodeData extends Record<string, unknown> {
  /** The seed's label: `{task_id}: {status}`. */
  label: string
  taskId: number
  status: TaskStatus
  fromStatus: TaskStatus | null
  /** 1 for the first status the task reached. */
  step: number
  /** ISO instant of the change (UTC on the wire). */
  timestamp: string
  /** Who made the change; null when the system did. */
  by: string | null
  /** An admin override's reason. */
  notes: string | null
  /** What proved the step: `start_code`, the worker started with the customer's start code (issue 21). */
  proof: 'start_code' | null
  /** The last record: the task's status now. */
  isCurrent: boolean
}

export type WorkflowNode = Node<WorkflowNodeData, typeof WORKFLOW_NODE_TYPE>
export type WorkflowEdge = Edge

export interface WorkflowDiagram {
  nodes: WorkflowNode[]
  edges: WorkflowEdge[]
}

export interface WorkflowDiagramOptions {
  /** Text on every edge; the seed's 'moved to'. */
  edgeLabel?: string
  /** Accessible name of the edge from one status to the next. */
  describeEdge?: (from: WorkflowNodeData, to: WorkflowNodeData) => string
}

/** The seed's node id: `{status}_{task_id}_{running count for that status}`, counting from 1. */
export function workflowNodeId(status: TaskStatus, taskId: number, count: number): string {
  return `${status}_${taskId}_${count}`
}

/** Records in the order they happened: by time, then by id (the server's order, kept if it is already right). */
export function inOrder(records: readonly WorkflowRecord[]): WorkflowRecord[] {
  return records
    .map((record, index) => ({ record, index, at: Date.parse(record.timestamp) }))
    .sort((a, b) => {
      const byTime = (Number.isNaN(a.at) ? 0 : a.at) - (Number.isNaN(b.at) ? 0 : b.at)
      if (byTime !== 0) return byTime
      return a.record.id - b.record.id || a.index - b.index
    })
    .map(({ record }) => record)
}

/**
 * A task's workflow records as a left-to-right chain (seed section 3): one node per record at
 * x = 150 × index, y = 0, each joined to the one before by an animated step edge labelled
 * 'moved to'. The last node is the task's current status.
 */
export function toWorkflowDiagram(
  records: readonly WorkflowRecord[],
  { edgeLabel = 'moved to', describeEdge }: WorkflowDiagramOptions = {},
): WorkflowDiagram {
  const ordered = inOrder(records)
  const counts = new Map<TaskStatus, number>()
  const nodes = ordered.map((record, index): WorkflowNode => {
    const count = (counts.get(record.status) ?? 0) + 1
    counts.set(record.status, count)
    return {
      id: workflowNodeId(record.status, record.task_id, count),
      type: WORKFLOW_NODE_TYPE,
      position: { x: NODE_SPACING * index, y: 0 },
      data: {
        label: `${record.task_id}: ${record.status}`,
        taskId: record.task_id,
        status: record.status,
        fromStatus: record.from_status,
        step: index + 1,
        timestamp: record.timestamp,
        by: record.by,
        notes: record.notes,
        proof: record.proof ?? null,
        isCurrent: index === ordered.length - 1,
      },
    }
  })
  const edges = nodes.slice(1).map((node, index): WorkflowEdge => {
    const previous = nodes[index]!
    return {
      id: `${previous.id}->${node.id}`,
      source: previous.id,
      target: node.id,
      label: edgeLabel,
      type: 'step',
      animated: true,
      ...(describeEdge ? { ariaLabel: describeEdge(previous.data, node.data) } : {}),
    }
  })
  return { nodes, edges }
}
