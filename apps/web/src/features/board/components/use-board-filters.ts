import type { BoardQuery } from '@townworks/contract'
import type { Service, Town } from '@townworks/contract/constants'
import { placeName } from '@townworks/contract/places'
import { useMemo } from 'react'
import { todayInKolkata } from '../../../lib/format'
import { useSearchParams } from '../../../lib/router'
import { addDays, mondayOf } from '../model/board-time'

export type BoardView = 'day' | 'week'

export interface BoardFilters {
  view: BoardView
  /** The day shown, or a day of the week shown (yyyy-MM-dd). */
  date: string
  town: Town | undefined
  service: Service | undefined
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The period a board shows: the day, or the Monday-to-Sunday week around it. */
export function boardQueryOf(f: BoardFilters): BoardQuery {
  const from = f.view === 'week' ? mondayOf(f.date) : f.date
  return {
    from,
    to: f.view === 'week' ? addDays(from, 6) : from,
    ...(f.town ? { town: f.town } : {}),
    ...(f.service ? { service: f.service } : {}),
  }
}

/** The board's view, day, town and service, kept in the address (`?view=week&date=…&town=…&service=…`). */
export function useBoardFilters(): [BoardFilters, (next: Partial<BoardFilters>) => void] {
  const [params, setParams] = useSearchParams()
  const filters = useMemo((): BoardFilters => {
    const date = params.get('date') ?? ''
    const town = params.get('town') ?? ''
    const service = params.get('service') ?? ''
    return {
      view: params.get('view') === 'week' ? 'week' : 'day',
      date: DATE.test(date) && !Number.isNaN(Date.parse(date)) ? date : todayInKolkata(),
      // Towns and services are rows (decision 048): a name the server does not know shows no rows.
      town: placeName(town),
      service: placeName(service),
    }
  }, [params])
  const update = (next: Partial<BoardFilters>) =>
    setParams(
      (current) => {
        const merged = { ...filters, ...next }
        current.set('view', merged.view)
        current.set('date', merged.date)
        for (const key of ['town', 'service'] as const) {
          const value = merged[key]
          if (value) current.set(key, value)
          else current.delete(key)
        }
        return current
      },
      { replace: true },
    )
  return [filters, update]
}
