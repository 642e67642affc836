import { describe, expect, it } from 'vitest'
import { actionFor, jobTitle, mapsLink, placeText } from './my-job'

describe('a worker’s job', () => {
  it('offers a button for each move a worker makes', () => {
    expect(actionFor('assigned', 'work_inprogress')).toBe('start')
    expect(actionFor('work_pending', 'work_inprogress')).toBe('resume')
    expect(actionFor('work_inprogress', 'work_pending')).toBe('pause')
    expect(actionFor('work_inprogress', 'work_completed')).toBe('complete')
    expect(actionFor('assigned', 'cancelled')).toBeUndefined()
  })

  it('names a job after its catalogue service in the worker’s language, else as the office typed it', () => {
    // As useNames: a service the rows know in Telugu, anything else as it came.
    const known: Record<string, string> = { Plumber: 'ప్లంబర్', Electrician: 'ఎలక్ట్రీషియన్' }
    const telugu = (service: string) => known[service] ?? service
    expect(jobTitle({ task_name: 'Plumber' }, telugu)).toBe('ప్లంబర్')
    expect(jobTitle({ task_name: ' Electrician ' }, telugu)).toBe('ఎలక్ట్రీషియన్')
    expect(jobTitle({ task_name: 'Fan fitting at Padma’s' }, telugu)).toBe('Fan fitting at Padma’s')
  })

  it('links the place and town to a Maps search, naming the town once', () => {
    expect(mapsLink({ place: '4-2-118, Mamidipally Road', town: 'Armoor' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=4-2-118%2C%20Mamidipally%20Road%2C%20Armoor',
    )
    expect(mapsLink({ place: 'Armoor', town: 'Armoor' })).toBe('https://www.google.com/maps/search/?api=1&query=Armoor')
    expect(mapsLink({ place: null, town: 'Nirmal' })).toBe('https://www.google.com/maps/search/?api=1&query=Nirmal')
    expect(mapsLink({ place: ' ', town: null })).toBeNull()
  })

  it('shows the place with the town in the worker’s language', () => {
    const telugu = (town: string) => (town === 'Armoor' ? 'ఆర్మూర్' : town)
    expect(placeText({ place: 'Armoor', town: 'Armoor' }, telugu)).toBe('ఆర్మూర్')
    expect(placeText({ place: 'Temple Street', town: 'Armoor' }, telugu)).toBe('Temple Street, ఆర్మూర్')
  })
})
