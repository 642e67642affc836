import type { TaskStatus, WorkflowRecord } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { inOrder, NODE_SPACING, toWorkflowDiagram, WORKFLOW_NODE_TYPE, workflowNodeId } from './workflow-diagram'

const START = Date.parse('2026-11-20T04:00:00.000Z')

/** Records of one task reaching these statuses an hour apart, oldest first, as the API sends them. */
function history(taskId: number, statuses: TaskStatus[], firstId = 100): WorkflowRecord[] {
  return statuses.map((status, i) => ({
    id: firstId + i,
    task_id: taskId,
    status,
    from_status: i === 0 ? null : statuses[i - 1]!,
    timestamp: new Date(START + i * 3_600_000).toISOString(),
    notes: null,
    by: 'operator',
  }))
}

describe('toWorkflowDiagram', () => {
  it("carries a start with the customer's start code to its node (issue 21)", () => {
    const records = history(7, ['assigned', 'work_inprogress'])
    records[1] = { ...records[1]!, proof: 'start_code' }
    const { nodes } = toWorkflowDiagram(records)
    expect(nodes.map((n) => n.data.proof)).toEqual([null, 'start_code'])
  })

  it('names each node {status}_{task_id}_{running count for that status}', () => {
    const { nodes } = toWorkflowDiagram(
      history(7, ['assigned', 'work_inprogress', 'work_pending', 'work_inprogress', 'work_pending', 'work_inprogress']),
    )
    expect(nodes.map((n) => n.id)).toEqual([
      'assigned_7_1',
      'work_inprogress_7_1',
      'work_pending_7_1',
      'work_inprogress_7_2',
      'work_pending_7_2',
      'work_inprogress_7_3',
    ])
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length)
    expect(workflowNodeId('assigned', 12, 3)).toBe('assigned_12_3')
  })

  it('labels each node {task_id}: {status} and places it at x = 150 × index, y = 0', () => {
    const { nodes } = toWorkflowDiagram(history(42, ['assigned', 'work_inprogress', 'work_completed']))
    expect(nodes.map((n) => n.data.label)).toEqual(['42: assigned', '42: work_inprogress', '42: work_completed'])
    expect(nodes.map((n) => n.position)).toEqual([
      { x: 0, y: 0 },
      { x: NODE_SPACING, y: 0 },
      { x: 2 * NODE_SPACING, y: 0 },
    ])
    expect(NODE_SPACING).toBe(150)
    expect(nodes.every((n) => n.type === WORKFLOW_NODE_TYPE)).toBe(true)
  })

  it('joins each record to the previous one by an animated step edge labelled "moved to"', () => {
    const { nodes, edges } = toWorkflowDiagram(history(3, ['assigned', 'work_inprogress', 'work_pending']))
    expect(edges).toHaveLength(2)
    expect(edges.map((e) => [e.source, e.target])).toEqual([
      [nodes[0]!.id, nodes[1]!.id],
      [nodes[1]!.id, nodes[2]!.id],
    ])
    for (const edge of edges) {
      expect(edge).toMatchObject({ label: 'moved to', type: 'step', animated: true })
    }
    expect(new Set(edges.map((e) => e.id)).size).toBe(2)
  })

  it('takes a translated edge label and an accessible name for each edge', () => {
    const { edges } = toWorkflowDiagram(history(3, ['assigned', 'cancelled']), {
      edgeLabel: 'verschoben nach',
      describeEdge: (from, to) => `${from.status} → ${to.status}`,
    })
    expect(edges[0]).toMatchObject({ label: 'verschoben nach', ariaLabel: 'assigned → cancelled' })
  })

  it('draws the records in the order they happened, whatever order they came in', () => {
    const records = history(9, ['assigned', 'work_inprogress', 'work_pending', 'work_inprogress'])
    const shuffled = [records[2]!, records[0]!, records[3]!, records[1]!]
    const { nodes } = toWorkflowDiagram(shuffled)
    expect(nodes.map((n) => n.id)).toEqual([
      'assigned_9_1',
      'work_inprogress_9_1',
      'work_pending_9_1',
      'work_inprogress_9_2',
    ])
    expect(nodes.map((n) => n.data.step)).toEqual([1, 2, 3, 4])
  })

  it('orders records of the same instant by id', () => {
    const same = history(5, ['assigned', 'work_inprogress', 'work_completed']).map((r) => ({
      ...r,
      timestamp: '2026-11-20T04:00:00.000Z',
    }))
    expect(inOrder([same[2]!, same[0]!, same[1]!]).map((r) => r.status)).toEqual([
      'assigned',
      'work_inprogress',
      'work_completed',
    ])
  })

  it('marks only the last record as the current status and keeps when, who and the reason', () => {
    const records = history(4, ['assigned', 'work_inprogress', 'task_completed'])
    records[2] = { ...records[2]!, by: 'admin', notes: 'Customer paid in cash at the office' }
    const { nodes } = toWorkflowDiagram(records)
    expect(nodes.map((n) => n.data.isCurrent)).toEqual([false, false, true])
    expect(nodes[2]!.data).toMatchObject({
      by: 'admin',
      notes: 'Customer paid in cash at the office',
      fromStatus: 'work_inprogress',
      timestamp: records[2]!.timestamp,
    })
  })

  it('draws a task that was never moved as one node and no edge', () => {
    const { nodes, edges } = toWorkflowDiagram(history(11, ['assigned']))
    expect(nodes).toHaveLength(1)
    expect(nodes[0]).toMatchObject({ id: 'assigned_11_1', position: { x: 0, y: 0 }, data: { isCurrent: true } })
    expect(edges).toEqual([])
  })

  it('draws nothing for no records', () => {
    expect(toWorkflowDiagram([])).toEqual({ nodes: [], edges: [] })
  })

  it('keeps 200 records as 200 distinct nodes and 199 edges', () => {
    const statuses: TaskStatus[] = ['assigned']
    while (statuses.length < 200) statuses.push(statuses.length % 2 === 1 ? 'work_inprogress' : 'work_pending')
    const { nodes, edges } = toWorkflowDiagram(history(1, statuses))
    expect(nodes).toHaveLength(200)
    expect(new Set(nodes.map((n) => n.id)).size).toBe(200)
    expect(edges).toHaveLength(199)
    expect(nodes.at(-1)).toMatchObject({ id: 'work_inprogress_1_100', position: { x: 199 * 150, y: 0 } })
  })
})
