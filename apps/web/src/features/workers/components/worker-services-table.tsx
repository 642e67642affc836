import { Badge, Button } from '@mantine/core'
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
    // Its own class: the roster's twelve columns have layout rules the other tables of the feature do not.
    <div className="workers-roster">
      <DataTable
        columns={rosterColumns(t, names, onOpen, i18n.resolvedLanguage)}
        rows={rows}
        rowKey={(row) => `${row.worker_id}-${row.service_name}`}
        rowProps={(row) => ({ className: row.active ? undefined : 'workers-row--inactive' })}
        caption={`${t('workerServices.tableCaption')} · ${t('workerServices.count', { count: rows.length })}`}
        label={t('workerServices.tableCaption')}
        // Twelve columns: narrower than this, the table scrolls sideways rather than squeezing its words.
        minWidth={1180}
        // A page of rows at a time: a roster of hundreds stays quick to read, sort and scroll.
        pageSize={25}
        busy={busy}
        {...(exportFile ? { exportFile } : {})}
      />
    </div>
  )
}

/**
 * Names, towns and services keep their words whole ("Sandeep", not "Sande / ep"); the other cells may
 * break a word where their column is narrow (an email address, a long word of a description).
 */
const WHOLE_WORDS = { className: 'workers-roster__words' }

/**
 * "City/Town" may take two lines at its slash (a zero-width space, which names and screen readers
 * leave out), so the column is as wide as a town's name.
 */
function breakAfterSlash(text: string): Pick<DataColumn<WorkerServiceRow>, 'header' | 'headerText'> {
  return { header: text.replaceAll('/', '/\u200b'), headerText: text }
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
      cellProps: () => WHOLE_WORDS,
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
    {
      id: 'town',
      ...breakAfterSlash(t('workerServices.columns.town')),
      value: (row) => names.town(row.town),
      sortable: true,
      cellProps: () => WHOLE_WORDS,
    },
    {
      id: 'service',
      header: t('workerServices.columns.service'),
      value: (row) => names.service(row.service_name),
      sortable: true,
      cellProps: () => WHOLE_WORDS,
    },
    { id: 'description', header: t('workerServices.columns.description'), value: (row) => row.description },
    {
      id: 'price',
      header: t('workerServices.columns.price'),
      value: (row) => row.price_paise / 100,
      sortable: true,
      // A material's price per unit (decision 069) says what it is per: "₹4,500 per tractor load".
      cell: (row) =>
        row.unit ? (
          <span data-testid="roster-unit-price">
            {t(`skilledWorkers.cards.per.${row.unit}`, { price: formatMoney(row.price_paise, language) })}
          </span>
        ) : (
          <span className="workers-nowrap">{formatMoney(row.price_paise, language)}</span>
        ),
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
    ...standingColumns(t),
    {
      id: 'actions',
      header: t('workerServices.columns.actions'),
      cell: (row) => <RowActions row={row} onOpen={onOpen} />,
    },
  ]
}

/** "4 of 5 (80%)" of a share, "3 of 4" of a count, "—" (read out as "None yet") when there is nothing to count. */
function Share({ n, base, percent }: { n: number; base: number; percent?: boolean }) {
  const { t } = useTranslation('workers')
  if (base === 0) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('workerServices.noneYet')}</span>
      </>
    )
  }
  const text = percent
    ? t('workerServices.share', { n, base, percent: Math.round((n * 100) / base) })
    : t('workerServices.outOf', { n, base })
  // May take two lines ("4 of 5" above "(80%)"): a narrow column.
  return text
}

/** A share's value for sorting: nothing to count sorts last, whichever way. */
const shareOf = (n: number, base: number) => (base === 0 ? null : n / base)

/**
 * The worker's standing and proof (issue 21), the same on each of their rows: the rating ("★ 4.5 (12)",
 * the stars read out in words; sorted by the mean, those not rated yet last), the jobs done, how many
 * of their coded starts used the customer's code, and how many of their jobs done have photos.
 */
function standingColumns(t: TFunction<'workers'>): DataColumn<WorkerServiceRow>[] {
  return [
    {
      id: 'rating',
      header: t('workerServices.columns.rating'),
      value: (row) => (row.rating_count > 0 ? row.rating_avg : null),
      sortable: true,
      cell: (row) => {
        if (row.rating_avg === null || row.rating_count === 0) return t('workerServices.noRatings')
        const rating = row.rating_avg.toFixed(1)
        return (
          <>
            <span aria-hidden="true" className="workers-nowrap">
              ★ {rating} ({row.rating_count})
            </span>
            <span className="visually-hidden">
              {t('skilledWorkers.cards.rated', { rating, count: row.rating_count })}
            </span>
          </>
        )
      },
    },
    {
      id: 'jobsDone',
      header: t('workerServices.columns.jobsDone'),
      value: (row) => row.jobs_done,
      sortable: true,
    },
    {
      id: 'startedWithCode',
      header: t('workerServices.columns.startedWithCode'),
      value: (row) => shareOf(row.starts_with_code, row.starts_with_code_base),
      sortable: true,
      cell: (row) => <Share n={row.starts_with_code} base={row.starts_with_code_base} percent />,
    },
    {
      id: 'photosOfWork',
      header: t('workerServices.columns.photosOfWork'),
      value: (row) => shareOf(row.jobs_with_photos, row.jobs_done),
      sortable: true,
      cell: (row) => <Share n={row.jobs_with_photos} base={row.jobs_done} />,
    },
  ]
}

const warmReviews = () => void loadWorkerReviews().catch(() => undefined)

function RowActions({ row, onOpen }: { row: WorkerServiceRow; onOpen: (dialog: WorkerDialog) => void }) {
  const { t } = useTranslation('workers')
  const who = { workerId: row.worker_id, name: row.worker_name }
  return (
    // Two by two: the row's four buttons take half the width of one line of them (the office's 1280 px).
    <div className="workers-actions">
      <Button
        size="compact-sm"
        variant="outline"
        aria-label={t('workerServices.editLabel', { name: row.worker_name })}
        onClick={() => onOpen({ kind: 'edit', ...who })}
      >
        {t('workerServices.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        aria-label={t('workerServices.hoursLabel', { name: row.worker_name })}
        onClick={() => onOpen({ kind: 'hours', ...who })}
      >
        {t('workerServices.hours')}
      </Button>
      <Button
        size="compact-sm"
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
        size="compact-sm"
        variant="outline"
        color="red.9"
        aria-label={t('workerServices.deleteLabel', { name: row.worker_name })}
        onClick={() => onOpen({ kind: 'delete', ...who })}
      >
        {t('workerServices.delete')}
      </Button>
    </div>
  )
}
