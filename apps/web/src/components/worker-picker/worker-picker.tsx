import { Alert, Badge, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import type { WorkerSuggestion, WorkerSuggestionsQuery } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { useId, useState } from 'react'
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

/** How the suggestions are ordered: the server's best match (the default) or the best rated first. */
type SuggestionOrder = 'match' | 'rating'

/** A suggestion's standing: "★ 4.6 (12 ratings) · 30 jobs done", or "New on TownWorks". */
function standingText(w: WorkerSuggestion, t: TFunction<'assignments'>): string {
  const rated = w.rating_avg !== null && w.rating_count > 0
  const done = w.jobs_done > 0 ? t('picker.jobsDone', { count: w.jobs_done }) : null
  if (!rated) return done ? `${t('picker.notRated')} · ${done}` : t('picker.new')
  const rating = t('picker.rating', { rating: w.rating_avg?.toFixed(1), count: w.rating_count })
  return done ? `${rating} · ${done}` : rating
}

/**
 * Workers who offer the service in the town and are free in the slot, best match first
 * (specialists, then the least busy that week) or, as chosen, the best rated first; each with their
 * rating and jobs done. Choosing one sets the form's worker picker, which also offers the busy ones.
 */
export function WorkerPicker({ query, selectedId, onPick }: WorkerPickerProps) {
  const { t, i18n } = useTranslation('assignments')
  const names = useNames()
  const headingId = useId()
  const [order, setOrder] = useState<SuggestionOrder>('match')
  const suggestions = useWorkerSuggestions(query && order === 'rating' ? { ...query, sort: 'rating' } : query)
  const workers = suggestions.data?.workers ?? []

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('picker.title')}
        </Title>
        <NativeSelect
          label={t('picker.order')}
          value={order}
          onChange={(e) => setOrder(e.currentTarget.value === 'rating' ? 'rating' : 'match')}
          data={[
            { value: 'match', label: t('picker.best') },
            { value: 'rating', label: t('picker.bestRated') },
          ]}
        />
      </Group>
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
                      {index === 0 && (order === 'match' || w.rating_avg !== null) ? (
                        <Badge component="span" ml="xs" size="sm" variant="light">
                          {order === 'rating' ? t('picker.bestRated') : t('picker.best')}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="sm" fw={500}>
                      {standingText(w, t)}
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
