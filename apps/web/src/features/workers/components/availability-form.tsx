import type { Availability, SaveAvailabilityResponse } from '@townworks/contract'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { useAvailability } from '../api/get-availability'
import { useSetAvailability } from '../api/set-availability'
import { describeWorkersError } from './error-text'
import { jobPageHref } from '../../../components/job-link'
import { formatDate, formatTime } from '../../../lib/format'
import { Link } from '../../../lib/router'
import { useSession } from '../../../lib/session'

// Monday first, as people here read a week; the wire keeps 0 = Sunday.
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const
type Weekday = (typeof WEEK_ORDER)[number]

interface DayRow {
  works: boolean
  start: string
  end: string
}

function toRows(availability: Availability): Record<Weekday, DayRow> {
  const rows = {} as Record<Weekday, DayRow>
  for (const day of WEEK_ORDER) {
    const stored = availability.hours.find((h) => h.weekday === day)
    rows[day] = stored
      ? { works: true, start: formatTime(stored.start_time), end: formatTime(stored.end_time) }
      : // Nothing stored at all means "any time": start from the usual week so saving changes nothing surprising.
        { works: availability.always_available && day !== 0, start: '08:00', end: '18:00' }
  }
  return rows
}

export interface AvailabilityFormProps {
  workerId: number
  /** Called after a successful save, with the server's answer. */
  onSaved?: (answer: SaveAvailabilityResponse) => void
}

/**
 * A worker's week (which days, from when to when) and days off, in plain HTML so it is light on a
 * phone: used by operators from /wss and by the worker from /my/jobs.
 */
export function AvailabilityForm({ workerId, onSaved }: AvailabilityFormProps) {
  const { t } = useTranslation('workers')
  const query = useAvailability(workerId)
  return (
    <QueryState
      query={query}
      loading={t('availability.loading')}
      describeError={(error) => describeWorkersError(error, t)}
    >
      {(data) => <AvailabilityEditor key={workerId} availability={data.availability} onSaved={onSaved} />}
    </QueryState>
  )
}

function AvailabilityEditor({
  availability,
  onSaved,
}: {
  availability: Availability
  onSaved: AvailabilityFormProps['onSaved']
}) {
  const { t } = useTranslation('workers')
  const save = useSetAvailability(availability.worker_id)
  const [rows, setRows] = useState(() => toRows(availability))
  const [daysOff, setDaysOff] = useState<string[]>(availability.days_off)
  const [newDayOff, setNewDayOff] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [answer, setAnswer] = useState<SaveAvailabilityResponse | null>(null)

  const dayName = (day: Weekday) => t(`weekdays.${day}`)
  const setRow = (day: Weekday, change: Partial<DayRow>) => {
    setRows((current) => ({ ...current, [day]: { ...current[day], ...change } }))
    setAnswer(null)
  }

  const handleAddDayOff = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newDayOff)) return
    setDaysOff((current) => [...new Set([...current, newDayOff])].sort())
    setNewDayOff('')
    setAnswer(null)
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setAnswer(null)
    const worked = WEEK_ORDER.filter((day) => rows[day].works)
    if (worked.length === 0) return setProblem(t('availability.needOneDay'))
    const bad = worked.find((day) => !(rows[day].start && rows[day].end && rows[day].start < rows[day].end))
    if (bad !== undefined) return setProblem(t('availability.badHours', { day: dayName(bad) }))
    setProblem(null)
    try {
      const saved = await save.mutateAsync({
        hours: worked.map((day) => ({ weekday: day, start_time: rows[day].start, end_time: rows[day].end })),
        days_off: daysOff,
      })
      setAnswer(saved)
      onSaved?.(saved)
    } catch (error) {
      setProblem(describeWorkersError(error, t))
    }
  }

  const removeDayOff = (day: string) => {
    setDaysOff((current) => current.filter((d) => d !== day))
    setAnswer(null)
  }

  return (
    <form className="avail" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <p className="avail__intro">{t('availability.intro')}</p>
      {availability.always_available ? <p className="avail__note">{t('availability.alwaysAvailable')}</p> : null}
      <WeekFields rows={rows} onChange={setRow} />
      <DaysOffFields
        daysOff={daysOff}
        newDayOff={newDayOff}
        onNewDayOff={setNewDayOff}
        onAdd={handleAddDayOff}
        onRemove={removeDayOff}
      />

      <div aria-live="polite" className="avail__result">
        {problem ? (
          <p className="workers-form__error" role="alert">
            {problem}
          </p>
        ) : null}
        {answer ? <SavedResult answer={answer} /> : null}
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? t('availability.saving') : t('availability.save')}
      </button>
    </form>
  )
}

interface DaysOffFieldsProps {
  daysOff: readonly string[]
  newDayOff: string
  onNewDayOff: (day: string) => void
  onAdd: () => void
  onRemove: (day: string) => void
}

/** The dates off, each with a button to take it back, and a date to add. */
function DaysOffFields({ daysOff, newDayOff, onNewDayOff, onAdd, onRemove }: DaysOffFieldsProps) {
  const { t, i18n } = useTranslation('workers')
  const id = useId()
  return (
    <fieldset className="avail__group">
      <legend>{t('availability.daysOff')}</legend>
      {daysOff.length === 0 ? <p>{t('availability.noDaysOff')}</p> : null}
      <ul className="avail__days-off">
        {daysOff.map((day) => (
          <li key={day}>
            <span>{formatDate(day, i18n.resolvedLanguage)}</span>
            <button
              type="button"
              className="button"
              aria-label={t('availability.removeDayOff', { date: formatDate(day, i18n.resolvedLanguage) })}
              onClick={() => onRemove(day)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="avail__add">
        <label htmlFor={`${id}-off`}>{t('availability.dayOffDate')}</label>
        <input id={`${id}-off`} type="date" value={newDayOff} onChange={(e) => onNewDayOff(e.target.value)} />
        <button type="button" className="button" onClick={onAdd} disabled={!newDayOff}>
          {t('availability.addDayOff')}
        </button>
      </div>
    </fieldset>
  )
}

/** Each weekday: works or not, from when to when. */
function WeekFields({
  rows,
  onChange,
}: {
  rows: Record<Weekday, DayRow>
  onChange: (day: Weekday, change: Partial<DayRow>) => void
}) {
  const { t } = useTranslation('workers')
  const dayName = (day: Weekday) => t(`weekdays.${day}`)
  return (
    <fieldset className="avail__group">
      <legend>{t('availability.week')}</legend>
      {WEEK_ORDER.map((day) => {
        const row = rows[day]
        return (
          <div key={day} className="avail__day">
            <label className="avail__check">
              <input type="checkbox" checked={row.works} onChange={(e) => onChange(day, { works: e.target.checked })} />
              <span>{dayName(day)}</span>
            </label>
            <label className="avail__time">
              <span className="avail__time-label">{t('availability.from')}</span>
              <input
                type="time"
                value={row.start}
                disabled={!row.works}
                aria-label={t('availability.fromLabel', { day: dayName(day) })}
                onChange={(e) => onChange(day, { start: e.target.value })}
              />
            </label>
            <label className="avail__time">
              <span className="avail__time-label">{t('availability.to')}</span>
              <input
                type="time"
                value={row.end}
                disabled={!row.works}
                aria-label={t('availability.toLabel', { day: dayName(day) })}
                onChange={(e) => onChange(day, { end: e.target.value })}
              />
            </label>
          </div>
        )
      })}
    </fieldset>
  )
}

/**
 * Saved, and the booked jobs the new hours no longer cover, each named by its reference: the office
 * opens each job's page to move it; a worker asks the office.
 */
function SavedResult({ answer }: { answer: SaveAvailabilityResponse }) {
  const { t, i18n } = useTranslation('workers')
  const { role } = useSession()
  const staff = role === 'operator' || role === 'admin'
  return (
    <>
      <p className="workers-form__ok">{t('availability.saved')}</p>
      {answer.conflicts.length > 0 ? (
        <>
          <p>{t(staff ? 'availability.conflictsOffice' : 'availability.conflicts')}</p>
          <ul>
            {answer.conflicts.map((c) => {
              const text = t('availability.conflict', {
                task: c.reference,
                date: formatDate(c.assignment_date, i18n.resolvedLanguage),
                start: formatTime(c.start_time),
                end: formatTime(c.end_time),
              })
              return <li key={c.assignment_id}>{staff ? <Link to={jobPageHref(c.task_id)}>{text}</Link> : text}</li>
            })}
          </ul>
        </>
      ) : null}
    </>
  )
}
