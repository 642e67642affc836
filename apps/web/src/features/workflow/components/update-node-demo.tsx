// React Flow and its CSS: only the /un screen's lazy chunk brings them.
import '@xyflow/react/dist/style.css'
import './diagram.css'
import { Checkbox, Group, TextInput } from '@mantine/core'
import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  useEdgesState,
  useNodesState,
  type Edge,
  type Node,
} from '@xyflow/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readableTextColor } from '../model/node-colors'
import { ColorField } from './color-field'
import { useFlowAriaLabels } from './use-flow-aria-labels'

/** Seed section 9: the demo's zoom range, starting zoom and background dots. */
export const UPDATE_NODE_MIN_ZOOM = 0.2
export const UPDATE_NODE_MAX_ZOOM = 4
export const UPDATE_NODE_START_ZOOM = 1.5
export const UPDATE_NODE_DOTS = { gap: 12, size: 1 } as const
export const DEFAULT_NODE_BACKGROUND = '#eee'
const SWATCHES = ['#eeeeee', '#fcd34d', '#dbe7f3', '#1c4f86', '#b91c1c', '#166534']

const initialNodes: Node[] = [
  { id: '1', position: { x: 100, y: 100 }, data: { label: '' } },
  { id: '2', position: { x: 100, y: 200 }, data: { label: '' } },
]
const initialEdges: Edge[] = [{ id: 'e1-2', source: '1', target: '2' }]

/** Whether the browser draws this text as a colour (#eee, rgb(…), rebeccapurple …). */
function isCssColor(value: string): boolean {
  return value.trim() !== '' && typeof CSS !== 'undefined' && CSS.supports('color', value.trim())
}

/**
 * The demo's state: the first node's label, background (the last colour the browser can draw while
 * one is half typed, like #ee) and visibility, and the nodes and edges as they are then shown.
 */
function useUpdateNodeDemo() {
  const { t } = useTranslation('workflow')
  const [nodes, , onNodesChange] = useNodesState(initialNodes)
  const [edges, , onEdgesChange] = useEdgesState(initialEdges)
  const [label, setLabel] = useState(() => t('updateNode.node1'))
  const [backgroundInput, setBackgroundInput] = useState(DEFAULT_NODE_BACKGROUND)
  const [background, setBackground] = useState(DEFAULT_NODE_BACKGROUND)
  const [hidden, setHidden] = useState(false)

  const handleBackgroundChange = (value: string) => {
    setBackgroundInput(value)
    if (isCssColor(value)) setBackground(value.trim())
  }

  const shownNodes = useMemo(
    () =>
      nodes.map((node) =>
        node.id === '1'
          ? {
              ...node,
              hidden,
              data: { label },
              style: { ...node.style, backgroundColor: background, color: readableTextColor(background) },
            }
          : { ...node, data: { label: t('updateNode.node2') } },
      ),
    [nodes, hidden, label, background, t],
  )
  const shownEdges = useMemo(
    () => edges.map((edge) => (edge.id === 'e1-2' ? { ...edge, hidden } : edge)),
    [edges, hidden],
  )

  return {
    inputs: { label, setLabel, backgroundInput, background, handleBackgroundChange, hidden, setHidden },
    flow: { nodes: shownNodes, edges: shownEdges, onNodesChange, onEdgesChange },
  }
}

type NodeInputsProps = ReturnType<typeof useUpdateNodeDemo>['inputs']

/** The first node's label, background and visibility. */
function NodeInputs({
  label,
  setLabel,
  backgroundInput,
  background,
  handleBackgroundChange,
  hidden,
  setHidden,
}: NodeInputsProps) {
  const { t } = useTranslation('workflow')
  return (
    <fieldset className="update-node__inputs">
      <legend>{t('updateNode.legend')}</legend>
      <Group align="flex-end" gap="md">
        <TextInput label={t('updateNode.nodeLabel')} value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
        <ColorField
          label={t('updateNode.background')}
          description={t('updateNode.backgroundHelp')}
          value={backgroundInput}
          preview={background}
          onChange={handleBackgroundChange}
          swatches={SWATCHES}
          maw={260}
        />
        <Checkbox
          label={t('updateNode.hidden')}
          checked={hidden}
          onChange={(e) => setHidden(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
    </fieldset>
  )
}

/** The seed's update-node demo: the first node's label, background and visibility follow the inputs at once. */
export function UpdateNodeDemo() {
  const { t } = useTranslation('workflow')
  const ariaLabelConfig = useFlowAriaLabels()
  const { inputs, flow } = useUpdateNodeDemo()

  return (
    <div>
      <NodeInputs {...inputs} />
      <div className="tw-flow flow-demo" data-testid="update-node-flow">
        <ReactFlow
          aria-label={t('updateNode.label')}
          {...flow}
          minZoom={UPDATE_NODE_MIN_ZOOM}
          maxZoom={UPDATE_NODE_MAX_ZOOM}
          // Start at zoom 1.5 with the nodes centred: fitting two nodes alone would zoom to 4 (STACK.md).
          defaultViewport={{ x: 0, y: 0, zoom: UPDATE_NODE_START_ZOOM }}
          fitView
          fitViewOptions={{ minZoom: UPDATE_NODE_START_ZOOM, maxZoom: UPDATE_NODE_START_ZOOM }}
          attributionPosition="bottom-left"
          ariaLabelConfig={ariaLabelConfig}
        >
          <Controls position="top-right" />
          <Background variant={BackgroundVariant.Dots} gap={UPDATE_NODE_DOTS.gap} size={UPDATE_NODE_DOTS.size} />
        </ReactFlow>
      </div>
    </div>
  )
}
