import { AssignmentsResponseSchema } from '@townworks/contract'
import { describe, expect, it } from 'vitest'
import { assignmentsResponse } from './assignments.legacy'

describe('GET /api/assignments serializer (the seed’s rows)', () => {
  it('makes each assignment the row [assignment_id, task_id, worker_id, task_name, status], order kept', () => {
    const body = assignmentsResponse([
      { assignment_id: 9, task_id: 4, worker_id: 2, task_name: 'Fix tap', status: 'work_inprogress' },
      { assignment_id: 7, task_id: 3, worker_id: 5, task_name: 'Paint wall', status: 'assigned' },
    ])
    expect(JSON.stringify(body)).toBe(
      '{"assignments":[[9,4,2,"Fix tap","work_inprogress"],[7,3,5,"Paint wall","assigned"]]}',
    )
    expect(AssignmentsResponseSchema.parse(body)).toEqual(body)
  })

  it('answers an empty list as no rows', () => {
    expect(JSON.stringify(assignmentsResponse([]))).toBe('{"assignments":[]}')
  })
})
