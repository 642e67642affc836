import { Alert, Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { AssignmentDetailRow, AssignmentDetailsQuery } from '@townworks/contract'
import {
  ASSIGNMENT_DETAIL_SORTS,
  ASSIGNMENT_DETAILS_PAGE_SIZES,
  TASK_STATUSES,
  type AssignmentDetailSort,
} from '@townworks/contract/constants'
import { placeName } from '@townworks/contract/places'
import type { TFunction } from 'i18next'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn, type SortState } from '../../../components/data-table/data-table'
import { JobLink, jobPageHref } from '../../../components/job-link'
import { PhoneLink } from '../../../components/phone-link'
import { QueryState } from '../../../components/query-state'
import { useNames } from '../../../lib/names'
import { useSearchParams } from '../../../lib/router'
import { workerServicesQuery } from '../../../lib/shared-api/workers'
import { assignmentDetailsCsvUrl } from '../api/export-assignment-details'
import { useAssignmentDetails } from '../api/get-assignment-details'
import { formatDate, formatInstantDate, formatTime } from '../../../lib/format'
import { formatPhone } from '../../../lib/phone'
import { Link } from '../../../lib/router'
import { failureText } from '../model/failure'
import './assignments.css'
import { useStatusLabel, type ReadableStatus } from '../../../lib/status-labels'

const FILTER_KEYS = ['status', 'town', 'workerId', 'from', 'to', 'q'] as const
type FilterKey = (typeof FILTER_KEYS)[number]
const PARAM_KEYS = [...FILTER_KEYS, 'overdue', 'page', 'pageSize', 'sort', 'order'] as const

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
  town: (v) => placeName(v),
  workerId: whole(1, 2_147_483_647),
  from: (v) => (DATE.test(v) ? v : undefined),
  to: (v) => (DATE.test(v) ? v : undefined),
  overdue: oneOf(['true'] as const),
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

type Change = (patch: Record<string, string | number | undefined>) => void

/** The seed's ten columns, in its order; the sortable ones carry the server's sort key as their id. */
function detailColumns(
  t: TFunction<'assignments'>,
  language: string,
  statusLabel: (status: ReadableStatus) => string,
): DataColumn<AssignmentDetailRow>[] {
  const sortable = (id: AssignmentDetailSort) => ({ id, sortable: true })
  return [
    { ...sortable('requester'), header: t('details.columns.requester'), value: (r) => r.requester ?? '—' },
    {
      id: 'phone',
      header: t('details.columns.phone'),
      value: (r) => formatPhone(r.phone).text || '—',
      cell: (r) =>
        r.phone ? <PhoneLink phone={r.phone} label={t('details.call', { name: r.requester ?? '' })} /> : '—',
    },
    { ...sortable('worker_name'), header: t('details.columns.workerName'), value: (r) => r.worker_name },
    { id: 'taskId', header: t('details.columns.taskId'), value: (r) => r.task_id },
    {
      ...sortable('task_name'),
      header: t('details.columns.taskName'),
      value: (r) => r.task_name,
      cell: (r) => (
        <JobLink taskId={r.task_id} label={t('details.openJobLabel', { name: r.task_name })}>
          {r.task_name}
        </JobLink>
      ),
    },
    { ...sortable('status'), header: t('details.columns.status'), value: (r) => statusLabel(r.status) },
    { ...sortable('assignment_id'), header: t('details.columns.assignmentId'), value: (r) => r.assignment_id },
    {
      ...sortable('created_date'),
      header: t('details.columns.createdDate'),
      value: (r) => formatInstantDate(r.created_date, language),
    },
    {
      ...sortable('assignment_date'),
      header: t('details.columns.assignedDate'),
      value: (r) => formatDate(r.assignment_date, language),
    },
    {
      ...sortable('completion_date'),
      header: t('details.columns.completionDate'),
      value: (r) => (r.completion_date ? formatDate(r.completion_date, language) : '—'),
    },
    {
      id: 'time',
      header: t('details.columns.time'),
      value: (r) => `${formatTime(r.start_time)}–${formatTime(r.end_time)}`,
    },
    {
      id: 'actions',
      header: t('details.columns.actions'),
      cell: (r) => (
        <span className="assignment-row-actions">
          <JobLink taskId={r.task_id} label={t('details.openJobLabel', { name: r.task_name })}>
            {t('details.openJob')}
          </JobLink>
          <Link to={jobPageHref(r.task_id)} aria-label={t('details.jobPageLabel', { name: r.task_name })}>
            {t('details.jobPage')}
          </Link>
        </span>
      ),
    },
  ]
}

/** Assignment Details (/ad): the seed's read-only table, with filters, search, sorting and paging in the address. */
export function AssignmentDetailsTable() {
  const { t, i18n } = useTranslation('assignments')
  const statusLabel = useStatusLabel()
  const [params, setParams] = useSearchParams()
  const { query, ignored } = queryFromParams(params)
  const details = useAssignmentDetails(query)

  const sort: SortState = { column: query.sort ?? 'assignment_id', order: query.order ?? 'desc' }
  const page = details.data?.page ?? query.page ?? 1
  const pageSize = details.data?.pageSize ?? query.pageSize ?? 50
  const total = details.data?.total ?? 0
  // A large list is counted only so far past this page (decision 014): offer one page more, and
  // the next answer counts further.
  const exact = details.data?.totalExact ?? true
  const pages = Math.max(1, Math.ceil(total / pageSize) + (exact ? 0 : 1))

  const change: Change = (patch) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k)
      else next.set(k, String(v))
    }
    setParams(next)
  }

  return (
    <Stack gap="md" className="assignments-scope">
      <DetailFilters
        params={params}
        onApply={(draft) => change({ ...draft, page: undefined })}
        onClear={() => setParams(new URLSearchParams())}
      />
      {ignored ? <Alert color="yellow">{t('details.badFilters')}</Alert> : null}
      {query.overdue ? (
        <Group gap="sm">
          <Badge size="lg" variant="light" color="red" tt="none">
            {t('details.overdueOnly')}
          </Badge>
          <Button variant="subtle" size="compact-sm" onClick={() => change({ overdue: undefined, page: undefined })}>
            {t('details.showAll')}
          </Button>
        </Group>
      ) : null}
      <QueryState
        query={details}
        loading={t('details.loading')}
        errorTitle={t('details.failed')}
        describeError={(error) => failureText(t, error)}
        isEmpty={(data) => data.total === 0 && data.assignmentdetails.length === 0}
        empty={t('details.empty')}
      >
        {(data) => (
          <>
            <Text size="sm" role="status">
              {t(exact ? 'details.showing' : 'details.showingMore', {
                from: (page - 1) * pageSize + 1,
                to: (page - 1) * pageSize + data.assignmentdetails.length,
                total,
              })}
            </Text>
            <DataTable
              columns={detailColumns(t, i18n.language, statusLabel)}
              rows={data.assignmentdetails}
              rowKey={(r) => r.assignment_id}
              caption={t('details.caption')}
              label={t('details.caption')}
              minWidth={960}
              busy={details.isFetching}
              sorting={{
                sort,
                onSort: (next) => change({ sort: next.column, order: next.order, page: undefined }),
              }}
              paging={{ page, pages, onPage: (p) => change({ page: p }) }}
              exportFile={{
                href: assignmentDetailsCsvUrl(query),
                fileName: 'assignment-details.csv',
                label: t('details.exportCsv'),
                beforeDownload: () => details.refetch(),
              }}
              toolbar={
                <NativeSelect
                  label={t('details.pageSize')}
                  value={String(pageSize)}
                  onChange={(e) => change({ pageSize: e.currentTarget.value, page: undefined })}
                  data={ASSIGNMENT_DETAILS_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
                />
              }
            />
          </>
        )}
      </QueryState>
    </Stack>
  )
}

interface DetailFiltersProps {
  params: URLSearchParams
  onApply: (draft: Record<FilterKey, string>) => void
  onClear: () => void
}

/** The filter form: typed values are sent to the address only on Apply. */
function DetailFilters({ params, onApply, onClear }: DetailFiltersProps) {
  const { t } = useTranslation('assignments')
  const statusName = useStatusLabel()
  const names = useNames()
  const [draft, setDraft] = useState<Record<FilterKey, string>>(
    () => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<FilterKey, string>,
  )
  const handleFilter = (event: FormEvent) => {
    event.preventDefault()
    onApply(draft)
  }
  const handleClear = () => {
    setDraft(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as Record<FilterKey, string>)
    onClear()
  }
  const field = (k: FilterKey) => ({
    value: draft[k],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setDraft((d) => ({ ...d, [k]: value }))
    },
  })

  return (
    <form onSubmit={handleFilter} role="search" aria-label={t('details.filters')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <TextInput label={t('details.search')} description={t('details.searchHint')} type="search" {...field('q')} />
          <NativeSelect
            label={t('fields.status')}
            data={[
              { value: '', label: t('details.anyStatus') },
              ...TASK_STATUSES.map((s) => ({ value: s, label: statusName(s) })),
            ]}
            {...field('status')}
          />
          <NativeSelect
            label={t('fields.town')}
            data={[{ value: '', label: t('details.anyTown') }, ...names.allTownOptions]}
            {...field('town')}
          />
          <WorkerFilter {...field('workerId')} />
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
  )
}

interface WorkerFilterProps {
  /** The worker's id as the address keeps it ('' for any worker). */
  value: string
  onChange: (e: { currentTarget: { value: string } }) => void
}

/**
 * The worker to filter by, chosen by name with trade and town (the address keeps the seed's
 * `workerId`). A plain select: a searchable one would take this screen past its size limit.
 */
function WorkerFilter({ value, onChange }: WorkerFilterProps) {
  const { t } = useTranslation('assignments')
  const names = useNames()
  const roster = useQuery(workerServicesQuery())
  const byId = new Map<number, { name: string; services: Set<string>; town: string }>()
  for (const row of roster.data?.workerServices ?? []) {
    const known = byId.get(row.worker_id) ?? { name: row.worker_name, services: new Set<string>(), town: row.town }
    known.services.add(names.service(row.service_name))
    byId.set(row.worker_id, known)
  }
  const workers = [...byId.entries()]
    .map(([id, w]) => ({
      value: String(id),
      label: [w.name, [...w.services].join(', '), names.town(w.town)].join(' · '),
    }))
    .sort((a, b) => a.label.localeCompare(b.label))
  if (value && !byId.has(Number(value)))
    workers.unshift({ value, label: roster.isPending ? t('pickers.loadingWorker') : t('details.unknownWorker') })
  return (
    <NativeSelect
      label={t('details.worker')}
      data={[{ value: '', label: t('details.anyWorker') }, ...workers]}
      value={value}
      onChange={onChange}
    />
  )
}
