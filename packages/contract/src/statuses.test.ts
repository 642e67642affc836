import { describe, expect, it } from 'vitest'
import { actorsForRole, canTransition, isTerminal, nextStatuses, TASK_STATUSES, TASK_TRANSITIONS } from './statuses'

describe('the task status machine', () => {
  it('every transition leads to a known status, and terminal states lead nowhere', () => {
    for (const [from, transitions] of Object.entries(TASK_TRANSITIONS)) {
      expect(TASK_STATUSES).toContain(from)
      for (const t of transitions) expect(TASK_STATUSES).toContain(t.to)
    }
    expect(isTerminal('task_completed')).toBe(true)
    expect(isTerminal('cancelled')).toBe(true)
    expect(isTerminal('assigned')).toBe(false)
  })

  it('a worker starts, pauses and completes, but cannot take payment', () => {
    expect(nextStatuses('assigned', ['worker'])).toEqual(['work_inprogress'])
    expect(nextStatuses('work_inprogress', ['worker'])).toEqual(['work_pending', 'work_completed'])
    expect(canTransition('payment_pending', 'payment_received', 'worker')).toBe(false)
  })

  it('a customer confirms or asks for rework, and cancels only before work starts', () => {
    expect(nextStatuses('work_completed', ['customer'])).toEqual(['work_inprogress', 'payment_pending'])
    expect(canTransition('assigned', 'cancelled', 'customer')).toBe(true)
    expect(canTransition('work_inprogress', 'cancelled', 'customer')).toBe(false)
  })

  it('an admin acts as an operator', () => {
    expect(actorsForRole('admin')).toEqual(['operator'])
    expect(nextStatuses('payment_received', actorsForRole('admin'))).toEqual(['paid_to_worker'])
  })

  it('no status may be skipped: assigned cannot jump to task_completed', () => {
    expect(canTransition('assigned', 'task_completed', 'operator')).toBe(false)
  })
})
