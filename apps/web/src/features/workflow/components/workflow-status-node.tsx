import { Handle, Position, type NodeProps } from '@xyflow/react'
import { Fragment, memo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatRecordTime, formatRecordTimeShort } from '../model/format-time'
import type { WorkflowNode } from '../model/workflow-diagram'

/** One workflow record in the diagram: `{task_id}: {status}`, when, who, an override's reason; the current one stands out. */
export const WorkflowStatusNode = memo(function WorkflowStatusNode({ data }: NodeProps<WorkflowNode>) {
  const { t, i18n } = useTranslation('workflow')
  return (
    <div
      className={data.isCurrent ? 'workflow-node workflow-node--current' : 'workflow-node'}
      data-current={data.isCurrent || undefined}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} className="workflow-node__handle" />
      {data.isCurrent ? <p className="workflow-node__badge">{t('diagram.current')}</p> : null}
      <p className="workflow-node__label">
        {/* The seed's label; a status wraps after an underscore rather than mid-word. */}
        {data.label.split('_').map((part, i) => (
          <Fragment key={i}>
            {i > 0 ? (
              <>
                _<wbr />
              </>
            ) : null}
            {part}
          </Fragment>
        ))}
      </p>
      <p className="workflow-node__meta">
        <time dateTime={data.timestamp} title={formatRecordTime(data.timestamp, i18n.language)}>
          {formatRecordTimeShort(data.timestamp, i18n.language)}
        </time>
      </p>
      <p className="workflow-node__meta">{t('diagram.by', { name: data.by ?? t('records.system') })}</p>
      {data.notes ? (
        <p className="workflow-node__reason" title={data.notes}>
          {t('diagram.reason', { reason: data.notes })}
        </p>
      ) : null}
      <Handle type="source" position={Position.Right} isConnectable={false} className="workflow-node__handle" />
    </div>
  )
})
