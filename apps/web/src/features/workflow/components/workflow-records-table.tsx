import './workflow-screen.css'
import type { WorkflowRecord } from '@townworks/contract'
import { Badge, Table } from '@mantine/core'
import { memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatRecordTime, userTimeZone } from '../model/format-time'
import { inOrder } from '../model/workflow-diagram'

export interface WorkflowRecordsTableProps {
  taskId: number
  records: readonly WorkflowRecord[]
}

/**
 * The task's statuses as a table, oldest first: what the diagram draws, for every reader. Memoised:
 * opening the diagram must not redraw a long table.
 */
export const WorkflowRecordsTable = memo(function WorkflowRecordsTable({ taskId, records }: WorkflowRecordsTableProps) {
  const { t, i18n } = useTranslation('workflow')
  const rows = useMemo(() => inOrder(records), [records])
  const none = t('records.none')
  return (
    // A keyboard can scroll the table sideways on a phone: the region takes focus.
    <div className="workflow-records" role="region" aria-label={t('records.region', { id: taskId })} tabIndex={0}>
      <Table striped withTableBorder verticalSpacing="xs" captionSide="top" miw={720} data-testid="workflow-records">
        <Table.Caption c="#4b5563" ta="left">
          {t('records.caption', { id: taskId, zone: userTimeZone() })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('records.columns.step')}</Table.Th>
            <Table.Th scope="col">{t('records.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('records.columns.from')}</Table.Th>
            <Table.Th scope="col">{t('records.columns.when')}</Table.Th>
            <Table.Th scope="col">{t('records.columns.by')}</Table.Th>
            <Table.Th scope="col">{t('records.columns.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((record, index) => {
            const isCurrent = index === rows.length - 1
            return (
              <Table.Tr key={record.id} aria-current={isCurrent ? 'step' : undefined}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Th scope="row" fw={isCurrent ? 700 : 500}>
                  {record.status}{' '}
                  {isCurrent ? (
                    <Badge size="sm" variant="filled" ml={4}>
                      {t('records.current')}
                    </Badge>
                  ) : null}
                </Table.Th>
                <Table.Td>{record.from_status ?? none}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={record.timestamp}>{formatRecordTime(record.timestamp, i18n.language)}</time>
                </Table.Td>
                <Table.Td>{record.by ?? t('records.system')}</Table.Td>
                <Table.Td>{record.notes ?? none}</Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </div>
  )
})
