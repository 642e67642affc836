import { Badge, Button, Group } from '@mantine/core'
import type { WorkerServiceRow } from '@townworks/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import type { ExportCsvButtonProps } from '../../../components/data-table/export-csv-button'
import { PhoneLink } from '../../../components/phone-link'
import { formatMoney } from '../../../lib/format'
import { useNames, type Names } from '../../../lib/names'
import { loadWorkerReviews, type WorkerDialog } from './worker-dialogs'

export interface WorkerServicesTableProps {
  rows: readonly WorkerServiceRow[]
  busy: boolean
  /** The Export CSV link of every row the filters keep (decision 045). */
  exportFile?: ExportCsvButtonProps
  onOpen: (dialog: WorkerDialog) => void
}

/** The roster: one row per worker and service, sortable, with Edit, Hours, Reviews and Delete on each. */
export function WorkerServicesTable({ rows, busy, onOpen, exportFile }: WorkerServicesTableProps) {
  const { t, i18n } = useTranslation('workers')
  const names = useNames()
  return (
    <DataTable
      columns={rosterColumns(t, names, onOpen, i18n.resolvedLanguage)}
      rows={rows}
      rowKey={(row) => `${row.worker_id}-${row.service_name}`}
      rowProps={(row) => ({ className: row.active ? undefined : 'workers-row--inactive' })}
      caption={`${t('workerServices.tableCaption')} · ${t('workerServices.count', { count: rows.length })}`}
      label={t('workerServices.tableCaption')}
      minWidth={960}
      // A page of rows at a time: a roster of hundreds stays quick to read, sort and scroll.
      pageSize={25}
      busy={busy}
      {...(exportFile ? { exportFile } : {})}
    />
  )
}

/*
 * A cell's content keeps itself on one line (an inner element with nowrap), never the <td>: a
 * display change on a table cell takes it out of the table's columns and shifts every cell after it.
 */
function rosterColumns(
  t: TFunction<'workers'>,
  names: Names,
  onOpen: (dialog: WorkerDialog) => void,
  language: string | undefined,
): DataColumn<WorkerServiceRow>[] {
  return [
    {
      id: 'name',
      header: t('workerServices.columns.name'),
      value: (row) => row.worker_name,
      sortable: true,
      cell: (row) => (
        <>
          {row.worker_name}{' '}
          {row.active ? null : (
            <Badge color="gray.8" variant="filled" size="sm">
              {t('workerServices.deactivated')}
            </Badge>
          )}
        </>
      ),
    },
    { id: 'town', header: t('workerServices.columns.town'), value: (row) => names.town(row.town), sortable: true },
    {
      id: 'service',
      header: t('workerServices.columns.service'),
      value: (row) => names.service(row.service_name),
      sortable: true,
    },
    { id: 'description', header: t('workerServices.columns.description'), value: (row) => row.description },
    {
      id: 'price',
      header: t('workerServices.columns.price'),
      value: (row) => row.price_paise / 100,
      sortable: true,
      cell: (row) => <span className="workers-nowrap">{formatMoney(row.price_paise, language)}</span>,
    },
    {
      id: 'phone',
      header: t('workerServices.columns.phone'),
      value: (row) => row.phone_number,
      cell: (row) => (
        <PhoneLink phone={row.phone_number} label={t('workerServices.callLabel', { name: row.worker_name })} />
      ),
    },
    { id: 'email', header: t('workerServices.columns.email'), value: (row) => row.email ?? '' },
    {
      id: 'actions',
      header: t('workerServices.columns.actions'),
      cell: (row) => <RowActions row={row} onOpen={onOpen} />,
    },
  ]
}

const warmReviews = () => void loadWorkerReviews().catch(() => undefined)

function RowActions({ row, onOpen }: { row: WorkerServiceRow; onOpen: (dialog: WorkerDialog) => void }) {
  const { t } = useTranslation('workers')
  const who = { workerId: row.worker_id, name: row.worker_name }
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-md"
        variant="outline"
        aria-label={t('workerServices.editLabel', { name: row.worker_name })}
        onClick={() => onOpen({ kind: 'edit', ...who })}
      >
        {t('workerServices.edit')}
      </Button>
      <Button
        size="compact-md"
        variant="outline"
        aria-label={t('workerServices.hoursLabel', { name: row.worker_name })}
        onClick={() => onOpen({ kind: 'hours', ...who })}
      >
        {t('workerServices.hours')}
      </Button>
      <Button
        size="compact-md"
        variant="outline"
        aria-label={t('reviews.title', { name: row.worker_name })}
        // The dialog's code is fetched as a pointer or the keyboard reaches the button, at the latest on the press.
        onPointerEnter={warmReviews}
        onFocus={warmReviews}
        onClick={() => onOpen({ kind: 'reviews', ...who })}
      >
        {t('reviews.open')}
      </Button>
      <Button
        size="compact-md"
        variant="outline"
        color="red.9"
        aria-label={t('workerServices.deleteLabel', { name: row.worker_name })}
        onClick={() => onOpen({ kind: 'delete', ...who })}
      >
        {t('workerServices.delete')}
      </Button>
    </Group>
  )
}
