import { Alert, Badge, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import type { OrderUnit, WorkerSuggestion, WorkerSuggestionsQuery } from '@townworks/contract'
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

/**
 * How the suggestions are ordered: the server's best match (the default), the best rated first, or
 * (a materials order, decision 069: the query carries its quantity and unit) what the order costs
 * with each supplier, the cheapest first, which is then the default.
 */
type SuggestionOrder = 'match' | 'rating' | 'price'

const isOrder = (value: string): value is SuggestionOrder =>
  value === 'match' || value === 'rating' || value === 'price'

/** The query as the chosen order asks it: `sort` set for rating and price, left out for the best match. */
function sortedQuery(query: WorkerSuggestionsQuery, order: SuggestionOrder): WorkerSuggestionsQuery {
  const { sort: _sort, ...slot } = query
  return order === 'match' ? slot : { ...slot, sort: order }
}

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
  const forOrder = query?.quantity !== undefined && query.unit !== undefined
  // Until the person chooses, a materials order's suppliers come cheapest first, other work best match first.
  const [chosenOrder, setOrder] = useState<SuggestionOrder | null>(null)
  const order: SuggestionOrder =
    chosenOrder === null || (chosenOrder === 'price' && !forOrder) ? (forOrder ? 'price' : 'match') : chosenOrder
  const suggestions = useWorkerSuggestions(query && sortedQuery(query, order))
  const workers = suggestions.data?.workers ?? []
  const badge = (w: WorkerSuggestion, index: number): string | null => {
    if (index !== 0) return null
    if (order === 'price') return w.order_total_paise !== null ? t('picker.cheapest') : null
    if (order === 'rating') return w.rating_avg !== null ? t('picker.bestRated') : null
    return t('picker.best')
  }

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('picker.title')}
        </Title>
        <NativeSelect
          label={t('picker.order')}
          value={order}
          onChange={(e) => {
            const value = e.currentTarget.value
            setOrder(isOrder(value) ? value : 'match')
          }}
          data={[
            ...(forOrder ? [{ value: 'price', label: t('picker.cheapest') }] : []),
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
              const first = badge(w, index)
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
                      {first ? (
                        <Badge component="span" ml="xs" size="sm" variant="light">
                          {first}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="sm" fw={500}>
                      {standingText(w, t)}
                    </Text>
                    {forOrder ? (
                      <>
                        <OrderCost worker={w} orderUnit={query.unit} />
                        <Text size="sm">
                          {t('picker.factsShort', {
                            town: names.town(w.town),
                            phone: formatPhone(w.phone_number).text,
                            count: w.week_assignments,
                          })}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm">
                        {t('picker.facts', {
                          town: names.town(w.town),
                          price: formatMoney(w.price_paise, i18n.language),
                          phone: formatPhone(w.phone_number).text,
                          count: w.week_assignments,
                        })}
                      </Text>
                    )}
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

/**
 * A supplier's price for a materials order (decision 069): "₹4,500 per tractor load · ₹9,000 for this
 * order" when they price the order's unit; otherwise their price as it stands and that the office
 * should prepare a quote ("₹30 per cubic foot: another unit — prepare a quote"). The per-unit words are
 * the workers namespace's (the roster and /swl's cards say prices the same way), fetched with a
 * materials order's suggestions only.
 */
function OrderCost({ worker: w, orderUnit }: { worker: WorkerSuggestion; orderUnit: OrderUnit | undefined }) {
  // Not suspending: the list stays while the workers namespace comes (a moment), then the line shows.
  const { t, i18n, ready } = useTranslation(['assignments', 'workers'], { useSuspense: false })
  if (!ready) return null
  const price = formatMoney(w.price_paise, i18n.language)
  const unitPrice = w.unit ? t(`workers:skilledWorkers.cards.per.${w.unit}`, { price }) : price
  const text =
    w.unit === null
      ? t('assignments:picker.perJob', { price })
      : w.unit === orderUnit && w.order_total_paise !== null
        ? t('assignments:picker.orderCost', { unitPrice, total: formatMoney(w.order_total_paise, i18n.language) })
        : t('assignments:picker.otherUnit', { unitPrice })
  return (
    <Text size="sm" fw={600} data-testid="order-cost">
      {text}
    </Text>
  )
}
