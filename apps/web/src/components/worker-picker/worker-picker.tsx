import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import type { WorkerSuggestionsQuery } from '@townworks/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useWorkerSuggestions } from '../../lib/shared-api/worker-suggestions'
import { formatMoney } from '../../lib/format'
import { useNames } from '../../lib/names'
import { formatPhone } from '../../lib/phone'
import { describeApiError } from '../../lib/api-error-text'

export interface WorkerPickerProps {
  /** The slot to fill; undefined while service, town, date or times are missing. */
  query: WorkerSuggestionsQuery | undefined
  /** The worker now chosen in the form. */
  selectedId: number | undefined
  /** A worker was chosen: their id (what the form sends) and name (what the form says). */
  onPick: (workerId: number, name: string) => void
}

/**
 * Workers who offer the service in the town and are free in the slot, best match first
 * (specialists, then the least busy that week). Choosing one sets the form's worker picker, which
 * also offers the busy ones.
 */
export function WorkerPicker({ query, selectedId, onPick }: WorkerPickerProps) {
  const { t, i18n } = useTranslation('assignments')
  const names = useNames()
  const headingId = useId()
  const suggestions = useWorkerSuggestions(query)
  const workers = suggestions.data?.workers ?? []

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('picker.title')}
      </Title>
      <div aria-live="polite">
        {query === undefined ? (
          <Text size="sm" c="dimmed">
            {t('picker.incomplete')}
          </Text>
        ) : suggestions.isPending ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('picker.loading')}</Text>
          </Group>
        ) : suggestions.isError ? (
          <Alert color="red" title={t('picker.failed')}>
            {describeApiError(suggestions.error)}
          </Alert>
        ) : workers.length === 0 ? (
          <Text size="sm">{t('picker.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {workers.map((w, index) => {
              const chosen = w.worker_id === selectedId
              return (
                <Group
                  key={w.worker_id}
                  component="li"
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  p="xs"
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                >
                  <div style={{ minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                    <Text fw={600}>
                      {w.name}
                      {index === 0 ? (
                        <Badge component="span" ml="xs" size="sm" variant="light">
                          {t('picker.best')}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="sm">
                      {t('picker.facts', {
                        town: names.town(w.town),
                        price: formatMoney(w.price_paise, i18n.language),
                        phone: formatPhone(w.phone_number).text,
                        count: w.week_assignments,
                      })}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    // A long name wraps inside the button rather than pushing a phone's screen sideways.
                    styles={{
                      root: { height: 'auto', minHeight: 30, maxWidth: '100%' },
                      label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start' },
                    }}
                    variant={chosen ? 'filled' : 'outline'}
                    aria-pressed={chosen}
                    onClick={() => onPick(w.worker_id, w.name)}
                  >
                    {chosen ? t('picker.chosen', { name: w.name }) : t('picker.choose', { name: w.name })}
                  </Button>
                </Group>
              )
            })}
          </Stack>
        )}
      </div>
    </Paper>
  )
}
