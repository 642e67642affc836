import type {
  AssignmentsResponse,
  Me,
  TaskStatusesResponse,
  UpdateStatusResponse,
  WorkerServicesResponse,
} from '@townworks/contract'
import { describe, expectTypeOf, it } from 'vitest'
import { api, type ApiBody, type ApiParams, type ApiResponse, type CallInput } from './api-client'

// Type tests: each `@ts-expect-error` line must fail to compile (`tsc -b` checks this file), so a
// wrong endpoint name, param, query field or body is caught before it reaches the server. The calls
// sit in functions that are never run: nothing here touches the network.

describe('api.call types come from the contract', () => {
  it('answers the contract’s response type of the endpoint', () => {
    expectTypeOf<ApiResponse<'updateStatus'>>().toEqualTypeOf<UpdateStatusResponse>()
    expectTypeOf<ApiResponse<'me'>>().toEqualTypeOf<Me>()
    expectTypeOf<ApiResponse<'assignments'>>().toEqualTypeOf<AssignmentsResponse>()
    expectTypeOf<ApiResponse<'taskStatuses'>>().toEqualTypeOf<TaskStatusesResponse>()
    expectTypeOf<ApiResponse<'workerServices'>>().toEqualTypeOf<WorkerServicesResponse>()
    expectTypeOf<ReturnType<typeof api.call<'me'>>>().resolves.toEqualTypeOf<Me>()
  })

  it('takes params, query and body as the endpoint’s schemas accept them', () => {
    expectTypeOf<ApiParams<'updateStatus'>>().toEqualTypeOf<{ task_id: string | number }>()
    expectTypeOf<ApiBody<'updateStatus'>>().toHaveProperty('status')
    expectTypeOf<ApiParams<'me'>>().toEqualTypeOf<undefined>()
    expectTypeOf<CallInput<'taskStatuses'>>().toHaveProperty('signal')
  })

  it('refuses a wrong name, a missing or wrong param, a wrong body and a part the endpoint has not', () => {
    const neverRun = () => {
      // @ts-expect-error not an endpoint of the contract
      void api.call('updateStatuses')
      // @ts-expect-error an endpoint the web does not call (the payment provider's webhook)
      void api.call('paymentWebhook', { body: {} })
      // @ts-expect-error the path parameter is required
      void api.call('updateStatus', { body: { status: 'work_completed' } })
      // @ts-expect-error the path parameter is task_id, not taskId
      void api.call('updateStatus', { params: { taskId: 1 }, body: { status: 'work_completed' } })
      // @ts-expect-error not a status of the machine
      void api.call('updateStatus', { params: { task_id: 1 }, body: { status: 'Done' } })
      // @ts-expect-error the body is required
      void api.call('login')
      // right: these compile
      void api.call('updateStatus', { params: { task_id: 1 }, body: { status: 'work_completed' } })
      void api.call('workerServices', { query: { town: 'Nirmal' } })
      void api.call('workerServices')
      // @ts-expect-error a field the body does not have
      void api.call('login', { body: { user: 'ravi', pwd: 'x', password: 'x' } })
      // @ts-expect-error GET /api/me takes no body
      void api.call('me', { body: { user: 'ravi' } })
      // @ts-expect-error GET /api/me takes no path parameters
      void api.call('me', { params: { id: 1 } })
      // @ts-expect-error a query field the endpoint does not read
      void api.call('listRequests', { query: { status: 'open' } })
      // @ts-expect-error a town is its name (text checked by the server against the rows, decision 048), not a number
      void api.call('workerServices', { query: { town: 42 } })
      // @ts-expect-error the suggestions need a complete slot
      void api.call('workerSuggestions', { query: { service: 'Plumber', town: 'Nirmal' } })
    }
    expectTypeOf(neverRun).toBeFunction()
  })
})
