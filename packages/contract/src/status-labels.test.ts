import { describe, expect, it } from 'vitest'
import { LANGUAGES, REQUEST_STATES, TASK_STATUSES } from './constants'
import { READABLE_STATUSES, STATUS_LABELS, statusLabel } from './status-labels'

describe('the one map of status labels', () => {
  it('names every task status and request state of the contract in English, Telugu and Hindi', () => {
    expect(READABLE_STATUSES).toEqual([...TASK_STATUSES, ...REQUEST_STATES])
    for (const language of LANGUAGES) {
      expect(Object.keys(STATUS_LABELS[language]).sort()).toEqual([...READABLE_STATUSES].sort())
      for (const status of READABLE_STATUSES) {
        const label = STATUS_LABELS[language][status]
        expect(label.trim().length, `${language} ${status}`).toBeGreaterThan(1)
        // Never the wire value, never a word joined by underscores.
        expect(label, `${language} ${status}`).not.toContain('_')
        expect(label).not.toBe(status)
      }
    }
  })

  it('writes Telugu and Hindi in their own scripts, with no Latin letter', () => {
    for (const status of READABLE_STATUSES) {
      expect(STATUS_LABELS.te[status]).toMatch(/^[\u0C00-\u0C7F\s]+$/)
      expect(STATUS_LABELS.hi[status]).toMatch(/^[\u0900-\u097F\s]+$/)
    }
  })

  it('gives each status its own label in a language, so no two read the same', () => {
    for (const language of LANGUAGES) {
      const labels = READABLE_STATUSES.map((s) => STATUS_LABELS[language][s])
      expect(new Set(labels).size, language).toBe(labels.length)
    }
  })

  it('reads an unknown language as English', () => {
    expect(statusLabel('work_pending', 'te')).toBe('పని ఆగింది')
    expect(statusLabel('work_pending', 'fr')).toBe('Work paused')
    expect(statusLabel('work_pending', undefined)).toBe('Work paused')
  })
})
