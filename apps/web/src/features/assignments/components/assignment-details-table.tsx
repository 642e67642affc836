import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import type { AssignmentDetailsQuery } from '@townworks/contract'
import {
  ASSIGNMENT_DETAIL_SORTS,
  ASSIGNMENT_DETAILS_PAGE_SIZES,
  TASK_STATUSES,
  TOWNS,
  type AssignmentDetailSort,
} from '@townworks/contract/constants'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { useAssignmentDetails } from '../api/get-assignment-details'
import { formatDate, formatInstantDate } from '../../../lib/format'
import { failureText } from '../model/failure'
import './assignments.css'
import { ScrollRegion } from '../../../components/scroll-region'

const FILTER_KEYS = ['status', 'town', 'workerId', 'from', 'to', 'q'] as const
type FilterKey = (typeof FILTER_KEYS)[number]
const PARAM_KEYS = [...FILTER_KEYS, 'page', 'pageSize', 'sort', 'order'] as const

const DATE = /^\d{4}-\d{2}-\d{2}$/
const whole = (min: number, max: number) => (v: string) =>
  /^\d{1,6}$/.test(v) && +v >= min && +v <= max ? +v : undefined
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: string) =>
    (values as readonly string[]).includes(v) ? (v as T) : undefined

/**
 * How each address parameter is read: the API's own rules (AssignmentDetailsQuerySchema), checked by
 * hand because zod and the contract's schemas would take this screen past the 200 kB route limit;
 * the API checks again, so a value let through here is still refused there.
 */
const READERS: Record<(typeof PARAM_KEYS)[number], (v: string) => string | number | undefined> = {
  page: whole(1, 100_000),
  pageSize: whole(1, 200),
  sort: oneOf(ASSIGNMENT_DETAIL_SORTS),
  order: oneOf(['asc', 'desc'] as const),
  status: oneOf(TASK_STATUSES),
  town: oneOf(TOWNS),
  workerId: whole(1, 2_147_483_647),
  from: (v) => (DATE.test(v) ? v : undefined),
  to: (v) => (DATE.test(v) ? v : undefined),
  q: (v) => (v.trim().length <= 100 && ![...v].some((c) => c < ' ' || c === '\u007F') ? v.trim() : undefined),
}

/** The table's query from the address; parameters that do not parse are ignored (and said so). */
export function queryFromParams(params: URLSearchParams): { query: Partial<AssignmentDetailsQuery>; ignored: boolean } {
  const entries = PARAM_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!] as const] : []))
  const read = entries.map(([k, v]) => [k, READERS[k](v)] as const)
  const query = Object.fromEntries(read) as Partial<AssignmentDetailsQuery>
  const bad = read.some(([, v]) => v === undefined) || (query.from && query.to && query.to < query.from)
  if (bad) return { query: {}, ignored: true }
  return { query, ignored: false }
}

const COLUMNS: { key: string; sort?: AssignmentDetailSort }[] = [
  { key: 'requester', sort: 'requester' },
  { key: 'phone' },
  { key: 'workerName', sort: 'worker_name' },
  { key: 'taskId' },
  { key: 'taskName', sort: 'task_name' },
  { key: 'status', sort: 'status' },
  { key: 'assignmentId', sort: 'assignment_id' },
  { key: 'createdDate', sort: 'created_date' },
  { key: 'assignedDate', sort: 'assignment_date' },
  { key: 'completionDate', sort: 'completion_date' },
]

/** Assignment Details (/ad): the seed's read-only table, with filters, search, sorting and paging in the address. */
export function AssignmentDetailsTable() {
  const { t, i18n } = useTranslation('assignments')
  const [params, setParams] = useSearchParams()
  const { query, ignored } = queryFromParams(params)
  const details = useAssignmentDetails(query)
  const [draft, setDraft] = useState<Record<FilterKey, string>>(
    () => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<FilterKey, string>,
  )

  const sort = query.sort ?? 'assignment_id'
  const order = query.order ?? 'desc'
  const page = details.data?.page ?? query.page ?? 1
  const pageSize = details.data?.pageSize ?? query.pageSize ?? 50
  const total = details.data?.total ?? 0
  // A large list is counted only so far past this page (decision 014): offer one page more, and
  // the next answer counts further.
  const exact = details.data?.totalExact ?? true
  const pages = Math.max(1, Math.ceil(total / pageSize) + (exact ? 0 : 1))
  const rows = details.data?.assignmentdetails ?? []

  const change = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k)
      else next.set(k, String(v))
    }
    setParams(next)
  }

  const handleFilter = (event: FormEvent) => {
    event.preventDefault()
    change({ ...draft, page: undefined })
  }
  const handleClear = () => {
    setDraft(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as Record<FilterKey, string>)
    setParams(new URLSearchParams())
  }
  const handleSort = (column: AssignmentDetailSort) => {
    change({ sort: column, order: sort === column && order === 'desc' ? 'asc' : 'desc', page: undefined })
  }
  const field = (k: FilterKey) => ({
    value: draft[k],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setDraft((d) => ({ ...d, [k]: value }))
    },
  })

  return (
    <Stack gap="md" className="assignments-scope">
      <form onSubmit={handleFilter} role="search" aria-label={t('ad.filters')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <TextInput label={t('ad.search')} description={t('ad.searchHint')} type="search" {...field('q')} />
            <NativeSelect
              label={t('fields.status')}
              data={[
                { value: '', label: t('ad.anyStatus') },
                ...TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
              {...field('status')}
            />
            <NativeSelect
              label={t('fields.town')}
              data={[{ value: '', label: t('ad.anyTown') }, ...TOWNS.map((s) => ({ value: s, label: s }))]}
              {...field('town')}
            />
            <TextInput label={t('fields.workerId')} inputMode="numeric" {...field('workerId')} />
            <TextInput type="date" label={t('ad.from')} {...field('from')} />
            <TextInput type="date" label={t('ad.to')} {...field('to')} />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('ad.apply')}</Button>
            <Button type="button" variant="default" onClick={handleClear}>
              {t('ad.clear')}
            </Button>
          </Group>
        </Stack>
      </form>

      {ignored ? <Alert color="yellow">{t('ad.badFilters')}</Alert> : null}
      <div aria-live="polite">
        {details.isPending ? (
          <Text>{t('ad.loading')}</Text>
        ) : details.isError ? (
          <Alert color="red" role="alert" title={t('ad.failed')}>
            {failureText(t, details.error)}{' '}
            <Button size="xs" variant="outline" onClick={() => void details.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <Text size="sm">
            {total === 0
              ? t('ad.empty')
              : t(exact ? 'ad.showing' : 'ad.showingMore', {
                  from: (page - 1) * pageSize + 1,
                  to: (page - 1) * pageSize + rows.length,
                  total,
                })}
          </Text>
        )}
      </div>

      <ScrollRegion minWidth={960} label={t('ad.caption')}>
        <Table striped highlightOnHover withTableBorder aria-busy={details.isFetching}>
          <Table.Caption>{t('ad.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => {
                const active = c.sort !== undefined && c.sort === sort
                return (
                  <Table.Th
                    key={c.key}
                    scope="col"
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sort ? (
                      <button type="button" className="assignments-sort" onClick={() => handleSort(c.sort!)}>
                        {t(`ad.columns.${c.key}` as 'ad.columns.requester')}
                        <span aria-hidden>{active ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    ) : (
                      t(`ad.columns.${c.key}` as 'ad.columns.requester')
                    )}
                  </Table.Th>
                )
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.assignment_id}>
                <Table.Td>{r.requester ?? '—'}</Table.Td>
                <Table.Td>{r.phone ?? '—'}</Table.Td>
                <Table.Td>{r.worker_name}</Table.Td>
                <Table.Td>{r.task_id}</Table.Td>
                <Table.Td>{r.task_name}</Table.Td>
                <Table.Td>{t(`status.${r.status}`)}</Table.Td>
                <Table.Td>{r.assignment_id}</Table.Td>
                <Table.Td>{formatInstantDate(r.created_date, i18n.language)}</Table.Td>
                <Table.Td>{formatDate(r.assignment_date, i18n.language)}</Table.Td>
                <Table.Td>{r.completion_date ? formatDate(r.completion_date, i18n.language) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>

      <Group justify="space-between" wrap="wrap">
        <NativeSelect
          label={t('ad.pageSize')}
          value={String(pageSize)}
          onChange={(e) => change({ pageSize: e.currentTarget.value, page: undefined })}
          data={ASSIGNMENT_DETAILS_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => change({ page: p })}
            getItemProps={(p) => ({ 'aria-label': t('ad.page', { page: p }) })}
            getControlProps={(control) => ({ 'aria-label': t(`ad.control.${control}`) })}
          />
        ) : null}
      </Group>
    </Stack>
  )
}
