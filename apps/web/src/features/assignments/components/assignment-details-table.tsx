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
import {
  AssignmentDetailsQuerySchema,
  type AssignmentDetailSort,
  type AssignmentDetailsQuery,
} from '@townworks/contract'
import { ASSIGNMENT_DETAILS_PAGE_SIZES, TASK_STATUSES, TOWNS } from '@townworks/contract/constants'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { useAssignmentDetails } from '../api/get-assignment-details'
import { formatDay, formatInstantDay } from '../model/dates'
import { failureText } from '../model/failure'
import './assignments.css'

const FILTER_KEYS = ['status', 'town', 'workerId', 'from', 'to', 'q'] as const
type FilterKey = (typeof FILTER_KEYS)[number]
const PARAM_KEYS = [...FILTER_KEYS, 'page', 'pageSize', 'sort', 'order'] as const

/** The table's query from the address; parameters that do not parse are ignored (and said so). */
export function queryFromParams(params: URLSearchParams): { query: Partial<AssignmentDetailsQuery>; ignored: boolean } {
  const raw = Object.fromEntries(PARAM_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])))
  const parsed = AssignmentDetailsQuerySchema.safeParse(raw)
  if (parsed.success) {
    const query = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, parsed.data[k as keyof AssignmentDetailsQuery] ?? v]),
    )
    return { query, ignored: false }
  }
  return { query: {}, ignored: Object.keys(raw).length > 0 }
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
      <form onSubmit={handleFilter} role="search" aria-label={t('details.filters')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <TextInput
              label={t('details.search')}
              description={t('details.searchHint')}
              type="search"
              {...field('q')}
            />
            <NativeSelect
              label={t('fields.status')}
              data={[
                { value: '', label: t('details.anyStatus') },
                ...TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
              {...field('status')}
            />
            <NativeSelect
              label={t('fields.town')}
              data={[{ value: '', label: t('details.anyTown') }, ...TOWNS.map((s) => ({ value: s, label: s }))]}
              {...field('town')}
            />
            <TextInput label={t('fields.workerId')} inputMode="numeric" {...field('workerId')} />
            <TextInput type="date" label={t('details.from')} {...field('from')} />
            <TextInput type="date" label={t('details.to')} {...field('to')} />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('details.apply')}</Button>
            <Button type="button" variant="default" onClick={handleClear}>
              {t('details.clear')}
            </Button>
          </Group>
        </Stack>
      </form>

      {ignored ? <Alert color="yellow">{t('details.badFilters')}</Alert> : null}
      <div aria-live="polite">
        {details.isPending ? (
          <Text>{t('details.loading')}</Text>
        ) : details.isError ? (
          <Alert color="red" role="alert" title={t('details.failed')}>
            {failureText(t, details.error)}{' '}
            <Button size="xs" variant="outline" onClick={() => void details.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <Text size="sm">
            {total === 0
              ? t('details.empty')
              : t(exact ? 'details.showing' : 'details.showingMore', {
                  from: (page - 1) * pageSize + 1,
                  to: (page - 1) * pageSize + rows.length,
                  total,
                })}
          </Text>
        )}
      </div>

      <Table.ScrollContainer minWidth={960}>
        <Table striped highlightOnHover withTableBorder aria-busy={details.isFetching}>
          <Table.Caption>{t('details.caption')}</Table.Caption>
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
                        {t(`details.columns.${c.key}` as 'details.columns.requester')}
                        <span aria-hidden>{active ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </button>
                    ) : (
                      t(`details.columns.${c.key}` as 'details.columns.requester')
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
                <Table.Td>{formatInstantDay(r.created_date, i18n.language)}</Table.Td>
                <Table.Td>{formatDay(r.assignment_date, i18n.language)}</Table.Td>
                <Table.Td>{r.completion_date ? formatDay(r.completion_date, i18n.language) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" wrap="wrap">
        <NativeSelect
          label={t('details.pageSize')}
          value={String(pageSize)}
          onChange={(e) => change({ pageSize: e.currentTarget.value, page: undefined })}
          data={ASSIGNMENT_DETAILS_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => change({ page: p })}
            getItemProps={(p) => ({ 'aria-label': t('details.page', { page: p }) })}
            getControlProps={(control) => ({ 'aria-label': t(`details.control.${control}`) })}
          />
        ) : null}
      </Group>
    </Stack>
  )
}
