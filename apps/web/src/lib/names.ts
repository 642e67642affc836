import type { ServiceRow, TownRow } from '@townworks/contract'
import type { CatalogCategorySlug, Language, Service, Town } from '@townworks/contract/constants'
import { useMemo, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Names of towns, services and catalog categories in the reader's language: the one place screens look
 * them up. Towns and services are rows an admin edits (decision 048): their names come from GET
 * /api/towns and /api/services, which `lib/shared-api/reference.ts` loads with every screen that has
 * data and hands to this store; until they come (and on pages without data) `common.json`'s names of
 * the initial rows stand in, and a value known to neither is shown as it came. An empty Telugu or
 * Hindi name falls back to the English one.
 */
export interface Names {
  town(town: Town): string
  service(service: Service): string
  /** A catalog category's name (common.json's `categories`). */
  category(slug: CatalogCategorySlug): string
  /** The active towns as select options, in list order: the value sent is the English name. Empty until the rows come. */
  townOptions: { value: Town; label: string }[]
  /** The active services as select options, likewise. */
  serviceOptions: { value: Service; label: string }[]
  /** Every town, retired ones too, for filters over history. */
  allTownOptions: { value: Town; label: string }[]
  /** Every service, retired ones too, likewise. */
  allServiceOptions: { value: Service; label: string }[]
  /** The active towns that offer a service (every active town while no service is chosen). */
  townOptionsOf(service: Service | undefined): { value: Town; label: string }[]
}

interface Rows {
  towns: readonly TownRow[]
  services: readonly ServiceRow[]
}

let rows: Rows | undefined
const listeners = new Set<() => void>()

/** Hand the rows to every screen's names (lib/shared-api/reference.ts calls this when they come). */
export function setReferenceRows(next: Rows): void {
  if (rows?.towns === next.towns && rows?.services === next.services) return
  rows = next
  for (const listener of listeners) listener()
}

/** The rows themselves once they have come (undefined before): for a screen that lists services, not only names them. */
export function useReferenceRows(): Rows | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** The rows as they are now (undefined before they come), for code outside rendering (a form's check). */
export function currentReferenceRows(): Rows | undefined {
  return rows
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const snapshot = () => rows

type Named = { name: string; name_te: string; name_hi: string }
const nameIn = (row: Named, language: string) =>
  (language === 'te' ? row.name_te : language === 'hi' ? row.name_hi : '') || row.name

export function useNames(): Names {
  // react-i18next gives a new t when the language changes: the names follow it.
  const { t, i18n } = useTranslation('common')
  const current = useSyncExternalStore(subscribe, snapshot, snapshot)
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language
  return useMemo(() => {
    const townRows = new Map(current?.towns.map((r) => [r.name, r]))
    const serviceRows = new Map(current?.services.map((r) => [r.name, r]))
    const town = (value: string) => {
      const row = townRows.get(value)
      return row ? nameIn(row, language) : t(`towns.${value}` as 'towns.Armoor', { defaultValue: value })
    }
    const service = (value: string) => {
      const row = serviceRows.get(value)
      return row ? nameIn(row, language) : t(`services.${value}` as 'services.Plumber', { defaultValue: value })
    }
    const category = (slug: string) => t(`categories.${slug}` as 'categories.plumbing', { defaultValue: slug })
    const activeTowns = (current?.towns ?? []).filter((r) => r.active)
    const activeServices = (current?.services ?? []).filter((r) => r.active)
    const townOption = (r: TownRow) => ({ value: r.name, label: nameIn(r, language) })
    const serviceOption = (r: ServiceRow) => ({ value: r.name, label: nameIn(r, language) })
    return {
      town,
      service,
      category,
      townOptions: activeTowns.map(townOption),
      allTownOptions: (current?.towns ?? []).map(townOption),
      allServiceOptions: (current?.services ?? []).map(serviceOption),
      serviceOptions: activeServices.map(serviceOption),
      townOptionsOf: (chosen) => activeTowns.filter((r) => !chosen || r.services.includes(chosen)).map(townOption),
    }
  }, [t, language, current])
}
