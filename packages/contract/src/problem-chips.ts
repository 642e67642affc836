import type { InitialService } from './constants'

// The request form's problem chips ('@townworks/contract/problem-chips'): only the form and the
// server load them, so no other screen's bundle carries them (decision 027).

/**
 * The problem chips the request form offers for each service (keys of requests.json `chips.*`):
 * the server accepts only a service's own chips. A service an admin added (decision 048) has none:
 * read them with `problemChipsOf`.
 */
export const PROBLEM_CHIPS = {
  Plumber: ['leak', 'blocked_drain', 'tap_fitting', 'water_tank', 'new_fitting'],
  Electrician: ['no_power', 'wiring', 'fan_light', 'switch_socket', 'new_fitting'],
  Painter: ['interior', 'exterior', 'waterproofing', 'touch_up'],
  'Brick Worker': ['new_wall', 'wall_repair', 'plastering'],
  'Home Services': ['repair', 'installation', 'inspection'],
  'Sand Services': ['small_load', 'large_load', 'urgent_delivery'],
  'Morter Services': ['small_load', 'large_load', 'urgent_delivery'],
  'Delivery Services': ['small_load', 'large_load', 'urgent_delivery'],
  'Brick Services': ['small_load', 'large_load', 'urgent_delivery'],
  'Construction Workers': ['daily_labour', 'helper', 'many_days'],
  'Construction Tools and Equipment': ['hire_day', 'hire_week', 'urgent_delivery'],
  Carpenter: ['door_window', 'furniture', 'repair', 'installation'],
  'Welding Services': ['gate_grill', 'repair', 'new_work'],
  'Cleaning Services': ['deep_clean', 'bathroom', 'after_construction'],
  'Steel Services': ['small_load', 'large_load', 'urgent_delivery'],
} as const satisfies Record<InitialService, readonly string[]>
export type ProblemChip = (typeof PROBLEM_CHIPS)[InitialService][number]

/** A service's problem chips: none for a service added after the initial ones. */
export function problemChipsOf(service: string): readonly string[] {
  return Object.hasOwn(PROBLEM_CHIPS, service) ? PROBLEM_CHIPS[service as InitialService] : []
}
/** Every chip key once (a literal, so a bundle that does not use it drops it). */
export const PROBLEM_CHIP_KEYS = [
  'leak',
  'blocked_drain',
  'tap_fitting',
  'water_tank',
  'new_fitting',
  'no_power',
  'wiring',
  'fan_light',
  'switch_socket',
  'interior',
  'exterior',
  'waterproofing',
  'touch_up',
  'new_wall',
  'wall_repair',
  'plastering',
  'repair',
  'installation',
  'inspection',
  'small_load',
  'large_load',
  'urgent_delivery',
  'daily_labour',
  'helper',
  'many_days',
  'hire_day',
  'hire_week',
  'door_window',
  'furniture',
  'gate_grill',
  'new_work',
  'deep_clean',
  'bathroom',
  'after_construction',
] as const satisfies readonly ProblemChip[]
