import { Button, Group, Select, TextInput } from '@mantine/core'
import type { WorkerServicesQuery } from '@townworks/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../../lib/names'

export interface WorkerFiltersProps {
  filter: WorkerServicesQuery
  /** The search as the address has it. */
  search: string
  onChange: (key: 'town' | 'service' | 'q', value: string | null) => void
  onClear: () => void
}

/** The roster's filters: town, service and a search that reaches the address after a short pause. */
export function WorkerFilters({ filter, search, onChange, onClear }: WorkerFiltersProps) {
  const { t } = useTranslation('workers')
  const names = useNames()
  const [typed, setTyped] = useState(search)

  // Typing updates the address after a short pause, so each key press does not ask the server.
  useEffect(() => {
    if (typed === search) return
    const timer = setTimeout(() => onChange('q', typed.trim() || null), 300)
    return () => clearTimeout(timer)
  }, [typed, search, onChange])

  return (
    <Group align="flex-end" wrap="wrap" gap="sm" role="search" aria-label={t('workerServices.filters')}>
      <Select
        label={t('workerServices.townFilter')}
        placeholder={t('workerServices.allTowns')}
        data={names.allTownOptions}
        value={filter.town ?? null}
        onChange={(value) => onChange('town', value)}
        clearable
        w={170}
      />
      <Select
        label={t('workerServices.serviceFilter')}
        placeholder={t('workerServices.allServices')}
        data={names.allServiceOptions}
        value={filter.service ?? null}
        onChange={(value) => onChange('service', value)}
        clearable
        searchable
        w={260}
      />
      <TextInput
        label={t('workerServices.search')}
        placeholder={t('workerServices.searchPlaceholder')}
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        w={220}
      />
      {Object.keys(filter).length > 0 ? (
        <Button
          variant="subtle"
          onClick={() => {
            setTyped('')
            onClear()
          }}
        >
          {t('workerServices.clearFilters')}
        </Button>
      ) : null}
    </Group>
  )
}
