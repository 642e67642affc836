import { TASK_STATUSES, TaskIdsResponseSchema, TaskStatusesResponseSchema } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { taskIdsResponse, taskStatusesResponse } from './tasks.legacy'

describe('the tasks module’s seed serializers', () => {
  it('GET /api/taskstatus: every status a one-element row under `statutes` (sic), in the machine’s order', () => {
    const body = taskStatusesResponse(TASK_STATUSES)
    expect(JSON.stringify(body)).toBe(
      '{"statutes":[["assigned"],["work_inprogress"],["work_pending"],["work_completed"],["payment_pending"],' +
        '["payment_received"],["paid_to_worker"],["task_completed"],["cancelled"]]}',
    )
    expect(TaskStatusesResponseSchema.parse(body)).toEqual(body)
  })

  it('GET /api/task: each task the row [task_id, task_name, status] under `task_ids`, order kept', () => {
    const body = taskIdsResponse([
      { task_id: 1, task_name: 'Fix tap', status: 'assigned' },
      { task_id: 2, task_name: 'Wire the shop', status: 'task_completed' },
    ])
    expect(JSON.stringify(body)).toBe('{"task_ids":[[1,"Fix tap","assigned"],[2,"Wire the shop","task_completed"]]}')
    expect(TaskIdsResponseSchema.parse(body)).toEqual(body)
    expect(JSON.stringify(taskIdsResponse([]))).toBe('{"task_ids":[]}')
  })
})
