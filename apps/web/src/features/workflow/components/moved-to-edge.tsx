import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react'
import { memo } from 'react'

export interface MovedToEdgeProps extends EdgeProps {
  /** How far above the edge the tops of the nodes are: the label sits just above them. */
  labelAbove: number
}

/**
 * The seed's step edge, drawn so its 'moved to' label stays readable: nodes 150 px apart leave a
 * narrow gap, so the label sits above the nodes, centred on the gap, instead of under them.
 */
export const MovedToEdge = memo(function MovedToEdge({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  label,
  markerEnd,
  style,
  labelAbove,
}: MovedToEdgeProps) {
  // A small offset keeps the step straight across a narrow gap instead of doubling back.
  const [path, labelX] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    borderRadius: 0,
    offset: 4,
  })
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} />
      {label ? (
        <EdgeLabelRenderer>
          <div
            className="workflow-edge__label"
            aria-hidden="true"
            style={{ transform: `translate(-50%, -100%) translate(${labelX}px, ${sourceY - labelAbove - 4}px)` }}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  )
})
