import { INITIAL_SERVICES, INITIAL_TOWNS, type CatalogCategorySlug, type Service, type Town } from '@townworks/contract/constants'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Names of towns, services and catalog categories in the reader's language: the one place screens look them up
 * (`common.json`'s `towns`, `services` and `categories`, loaded with the shell). A value the catalogue does not
 * know (an older row, a typo in the API) is shown as it came rather than as a translation key.
 */
export interface Names {
  town(town: Town | string): string
  service(service: Service | string): string
  /** A catalog category's name (common.json's `categories`). */
  category(slug: CatalogCategorySlug): string
  /** Every town as select options: the value sent is the seed's English name. */
  townOptions: { value: Town; label: string }[]
  /** Every service as select options, likewise. */
  serviceOptions: { value: Service; label: string }[]
}

export function useNames(): Names {
  // react-i18next gives a new t when the language changes: the names follow it.
  const { t } = useTranslation('common')
  return useMemo(() => {
    const town = (value: string) => t(`towns.${value}` as 'towns.Armoor', { defaultValue: value })
    const service = (value: string) => t(`services.${value}` as 'services.Plumber', { defaultValue: value })
    const category = (slug: string) => t(`categories.${slug}` as 'categories.plumbing', { defaultValue: slug })
    return {
      town,
      service,
      category,
      townOptions: INITIAL_TOWNS.map((value) => ({ value, label: town(value) })),
      serviceOptions: INITIAL_SERVICES.map((value) => ({ value, label: service(value) })),
    }
  }, [t])
}
