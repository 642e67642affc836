// React Flow and its CSS: only the /ff screen's lazy chunk brings them.
import '@xyflow/react/dist/style.css'
import './diagram.css'
import {
  addEdge,
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  useEdgesState,
  useNodesState,
  type Connection,
  type Edge,
  type Node,
} from '@xyflow/react'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useFlowAriaLabels } from './use-flow-aria-labels'

const initialNodes: Node[] = [
  { id: '1', position: { x: 0, y: 0 }, data: { label: '' } },
  { id: '2', position: { x: 0, y: 100 }, data: { label: '' } },
]
const initialEdges: Edge[] = [{ id: 'e1-2', source: '1', target: '2' }]

/** The seed's first flow: two nodes joined by an edge, with controls, a minimap and a dotted background. */
export function FirstFlow() {
  const { t } = useTranslation('workflow')
  const ariaLabelConfig = useFlowAriaLabels()
  const [nodes, , onNodesChange] = useNodesState(initialNodes)
  const [edges, setEdges, onEdgesChange] = useEdgesState(initialEdges)
  const handleConnect = useCallback((connection: Connection) => setEdges((eds) => addEdge(connection, eds)), [setEdges])

  // Labels follow the language; the nodes' state keeps only what the user changes (positions, selection).
  const labelled = useMemo(
    () =>
      nodes.map((node) => ({
        ...node,
        data: { label: node.id === '1' ? t('firstFlow.node1') : t('firstFlow.node2') },
      })),
    [nodes, t],
  )

  return (
    <div className="tw-flow flow-demo" data-testid="first-flow">
      <ReactFlow
        aria-label={t('firstFlow.label')}
        nodes={labelled}
        edges={edges}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={handleConnect}
        minZoom={0.5}
        maxZoom={2}
        // Fitting two nodes would zoom to the maximum (STACK.md) and disable Zoom In.
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        ariaLabelConfig={ariaLabelConfig}
      >
        <Controls fitViewOptions={{ maxZoom: 1 }} />
        <MiniMap pannable zoomable />
        <Background variant={BackgroundVariant.Dots} />
      </ReactFlow>
    </div>
  )
}
