import './workflow-screen.css'
import type { WorkflowRecord } from '@townworks/contract'
import { Badge } from '@mantine/core'
import { memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { formatDateTime } from '../../../lib/format'
import { useStatusLabel } from '../../../lib/status-labels'
import { inOrder } from '../model/workflow-diagram'

export interface WorkflowRecordsTableProps {
  taskId: number
  /** How a person names the task: TW-000123 (ids stay in URLs and file names). */
  reference: string
  records: readonly WorkflowRecord[]
}

/**
 * The task's statuses as a table, oldest first: what the diagram draws, for every reader (a start
 * with the customer's start code says so in its notes). Memoised:
 * opening the diagram must not redraw a long table.
 */
export const WorkflowRecordsTable = memo(function WorkflowRecordsTable({
  taskId,
  reference,
  records,
}: WorkflowRecordsTableProps) {
  const { t, i18n } = useTranslation('workflow')
  const label = useStatusLabel()
  const rows = useMemo(() => inOrder(records), [records])
  const none = t('records.none')
  const last = rows.at(-1)
  const columns: DataColumn<WorkflowRecord>[] = [
    { id: 'step', header: t('records.columns.step'), value: (record) => rows.indexOf(record) + 1 },
    {
      id: 'status',
      header: t('records.columns.status'),
      value: (record) => label(record.status),
      rowHeader: true,
      cell: (record) => (
        <>
          {label(record.status)}{' '}
          {record === last ? (
            <Badge size="sm" variant="filled" ml={4}>
              {t('records.current')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      id: 'from',
      header: t('records.columns.from'),
      value: (record) => (record.from_status ? label(record.from_status) : none),
    },
    {
      id: 'when',
      header: t('records.columns.when'),
      value: (record) => formatDateTime(record.timestamp, i18n.language),
      cell: (record) => <time dateTime={record.timestamp}>{formatDateTime(record.timestamp, i18n.language)}</time>,
      cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    { id: 'by', header: t('records.columns.by'), value: (record) => record.by ?? t('records.system') },
    {
      id: 'notes',
      header: t('records.columns.notes'),
      value: (record) =>
        [record.proof === 'start_code' ? t('records.startCode') : null, record.notes].filter(Boolean).join(' · ') ||
        none,
      cell: (record) => (
        <>
          {record.proof === 'start_code' ? (
            <span className="workflow-records__proof">{t('records.startCode')}</span>
          ) : null}
          {record.notes ?? (record.proof === 'start_code' ? null : none)}
        </>
      ),
    },
  ]
  return (
    <div className="workflow-records" data-testid="workflow-records">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(record) => record.id}
        rowProps={(record) => ({ 'aria-current': record === last ? 'step' : undefined })}
        caption={t('records.caption', { ref: reference })}
        label={t('records.region', { ref: reference })}
        minWidth={720}
        csvFileName={`task-${taskId}-workflow.csv`}
      />
    </div>
  )
})
