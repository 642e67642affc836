// React Flow and its CSS: this module is loaded lazily, only when the workflow modal opens.
import '@xyflow/react/dist/style.css'
import './diagram.css'
import type { WorkflowRecord } from '@townworks/contract'
import {
  Controls,
  MarkerType,
  Position,
  ReactFlow,
  type EdgeProps,
  type EdgeTypes,
  type FitViewOptions,
  type NodeHandle,
  type NodeTypes,
} from '@xyflow/react'
import { useCallback, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { useStatusLabel } from '../../../lib/status-labels'
import { NODE_SPACING, toWorkflowDiagram, WORKFLOW_NODE_TYPE } from '../model/workflow-diagram'
import { MovedToEdge } from './moved-to-edge'
import { useFlowAriaLabels } from './use-flow-aria-labels'
import { WorkflowStatusNode } from './workflow-status-node'

/** Seed section 9: the diagram's zoom range. */
export const WORKFLOW_MIN_ZOOM = 0.5
export const WORKFLOW_MAX_ZOOM = 2
/** The smallest zoom at which node text stays readable when the diagram first opens. */
const READABLE_ZOOM = 0.7
const FIT_PADDING = 0.1

/**
 * How many statuses fit a canvas this wide at a readable zoom: a longer history opens on its latest
 * statuses, where the task is now, and the reader pans or fits the view for the rest.
 */
export function statusesInFirstView(canvasWidth: number): number {
  const flowWidth = canvasWidth / (1 + 2 * FIT_PADDING) / READABLE_ZOOM
  return Math.max(1, Math.floor((flowWidth - NODE_WIDTH) / NODE_SPACING) + 1)
}

/** Past this many statuses only what is in view is drawn, so a long history opens without a stall. */
const DRAW_ALL_UP_TO = 40

/**
 * Every node has the same size (diagram.css draws it so) and its edge anchors in the middle of its
 * left and right sides. Known up front, React Flow need not render and measure all 200 nodes of a
 * long history before it can draw the few in view.
 */
export const NODE_WIDTH = 120
export const NODE_HEIGHT = 108
const NODE_HANDLES: NodeHandle[] = [
  { type: 'target', position: Position.Left, x: 0, y: NODE_HEIGHT / 2 },
  { type: 'source', position: Position.Right, x: NODE_WIDTH - 1, y: NODE_HEIGHT / 2 },
]

const nodeTypes: NodeTypes = { [WORKFLOW_NODE_TYPE]: WorkflowStatusNode }
// The seed's edges stay of type 'step'; this draws them with their label readable above the nodes.
const edgeTypes: EdgeTypes = {
  step: (props: EdgeProps) => <MovedToEdge {...props} labelAbove={NODE_HEIGHT / 2} />,
}
const ARROW = { type: MarkerType.ArrowClosed, color: '#52606d', width: 16, height: 16 }

export interface WorkflowDiagramProps {
  /** How a person names the task: TW-000123. */
  reference: string
  /** The task's name, when known, for the caption. */
  taskName?: string | undefined
  records: readonly WorkflowRecord[]
}

/** A task's workflow records as a left-to-right React Flow diagram with zoom controls and fit-view. */
export default function WorkflowDiagram({ reference, taskName, records }: WorkflowDiagramProps) {
  const { t, i18n } = useTranslation('workflow')
  const label = useStatusLabel()
  const ariaLabelConfig = useFlowAriaLabels()
  const captionId = useId()
  const descriptionId = useId()

  const { nodes, edges } = useMemo(() => {
    const diagram = toWorkflowDiagram(records, {
      edgeLabel: t('diagram.movedTo'),
      describeEdge: (from, to) => t('diagram.edge', { from: label(from.status), to: label(to.status) }),
    })
    const sized = diagram.nodes.map((node) => ({
      ...node,
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      measured: { width: NODE_WIDTH, height: NODE_HEIGHT },
      handles: NODE_HANDLES,
    }))
    const arrowed = diagram.edges.map((edge) => ({ ...edge, markerEnd: ARROW }))
    return { nodes: sized, edges: arrowed }
  }, [records, t, label])
  const first = nodes[0]
  const current = nodes.at(-1)

  // The canvas's width decides what the first view shows, so React Flow is drawn once it is known
  // (a ref callback's update renders again before the browser paints).
  const [canvasWidth, setCanvasWidth] = useState<number>()
  const canvasRef = useCallback((element: HTMLDivElement | null) => {
    if (element) setCanvasWidth(element.clientWidth)
  }, [])

  // Never zoom past 1 on fit: a short chain (STACK.md: two nodes fit to the maximum zoom) stays readable
  // and the Zoom In control stays usable.
  const fitViewOptions = useMemo<FitViewOptions>(() => {
    const shown = statusesInFirstView(canvasWidth ?? 0)
    return {
      maxZoom: 1,
      padding: FIT_PADDING,
      ...(nodes.length > shown ? { nodes: nodes.slice(-shown).map(({ id }) => ({ id })) } : {}),
    }
  }, [nodes, canvasWidth])

  return (
    <figure className="workflow-figure" aria-labelledby={captionId}>
      <figcaption id={captionId} className="workflow-figure__caption">
        {t('diagram.caption', {
          count: nodes.length,
          task: taskName
            ? t('diagram.task', { ref: reference, name: taskName })
            : t('diagram.label', { ref: reference }),
          current: current ? label(current.data.status) : '',
        })}
      </figcaption>
      <p id={descriptionId} className="workflow-sr-only">
        {t('diagram.description', {
          count: nodes.length,
          first: first ? label(first.data.status) : '',
          current: current ? label(current.data.status) : '',
          when: current ? formatDateTime(current.data.timestamp, i18n.language) : '',
        })}
      </p>
      <div className="workflow-figure__canvas tw-flow" data-testid="workflow-diagram" ref={canvasRef}>
        {canvasWidth === undefined ? null : (
          <ReactFlow
            aria-label={t('diagram.label', { ref: reference })}
            aria-describedby={descriptionId}
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            minZoom={WORKFLOW_MIN_ZOOM}
            maxZoom={WORKFLOW_MAX_ZOOM}
            fitView
            fitViewOptions={fitViewOptions}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            onlyRenderVisibleElements={nodes.length > DRAW_ALL_UP_TO}
            ariaLabelConfig={ariaLabelConfig}
          >
            <Controls
              showInteractive={false}
              orientation="horizontal"
              fitViewOptions={{ maxZoom: 1, padding: FIT_PADDING }}
            />
          </ReactFlow>
        )}
      </div>
    </figure>
  )
}
