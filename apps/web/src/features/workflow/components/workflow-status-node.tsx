import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime, formatDateTimeShort } from '../../../lib/format'
import { useStatusLabel } from '../../../lib/status-labels'
import type { WorkflowNode } from '../model/workflow-diagram'

/**
 * One workflow record in the diagram: its status as people read it, when, who, a start with the
 * customer's start code, an override's reason; the current one stands out.
 */
export const WorkflowStatusNode = memo(function WorkflowStatusNode({ data }: NodeProps<WorkflowNode>) {
  const { t, i18n } = useTranslation('workflow')
  const label = useStatusLabel()
  return (
    <div
      className={data.isCurrent ? 'workflow-node workflow-node--current' : 'workflow-node'}
      data-current={data.isCurrent || undefined}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} className="workflow-node__handle" />
      {data.isCurrent ? <p className="workflow-node__badge">{t('diagram.current')}</p> : null}
      <p className="workflow-node__label">{label(data.status)}</p>
      <p className="workflow-node__meta">
        <time dateTime={data.timestamp} title={formatDateTime(data.timestamp, i18n.language)}>
          {formatDateTimeShort(data.timestamp, i18n.language)}
        </time>
      </p>
      <p className="workflow-node__meta">{t('diagram.by', { name: data.by ?? t('records.system') })}</p>
      {data.proof === 'start_code' ? (
        <p className="workflow-node__proof" title={t('records.startCode')}>
          {t('diagram.startCode')}
        </p>
      ) : null}
      {data.notes ? (
        <p className="workflow-node__reason" title={data.notes}>
          {t('diagram.reason', { reason: data.notes })}
        </p>
      ) : null}
      <Handle type="source" position={Position.Right} isConnectable={false} className="workflow-node__handle" />
    </div>
  )
})
