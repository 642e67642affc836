import type { BoardBlock as Block } from '@townworks/contract'
import type { CSSProperties, RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../lib/format'
import { useNames } from '../../../lib/names'
import { useStatusLabel } from '../../../lib/status-labels'
import type { Moving } from './use-board-moves'

/**
 * One booking: a button that says when, what, where and its status in words (the colour only
 * repeats the status). Drag it to another row or time; press it to move it by lists.
 */
export function BoardBlockButton({
  block,
  style,
  dragRef,
  onChoose,
}: {
  block: Block
  style?: CSSProperties
  dragRef: RefObject<Moving | undefined>
  onChoose: (block: Block) => void
}) {
  const { t } = useTranslation('board')
  const names = useNames()
  const status = useStatusLabel()
  const provisional = block.assignment_id < 0
  const time = `${formatTime(block.start_time)}–${formatTime(block.end_time)}`
  return (
    <button
      type="button"
      className={`board-block board-block--${block.status}${provisional ? ' board-block--pending' : ''}`}
      style={style}
      draggable={!provisional}
      disabled={provisional}
      data-assignment={block.assignment_id}
      aria-label={t('block.label', {
        time,
        reference: block.reference,
        service: block.service ? names.service(block.service) : '',
        town: block.town ? names.town(block.town) : '',
        status: status(block.status),
      })}
      onDragStart={(e) => {
        dragRef.current = { kind: 'block', block }
        e.dataTransfer.setData('text/plain', block.reference)
        e.dataTransfer.effectAllowed = 'move'
      }}
      onDragEnd={() => {
        dragRef.current = undefined
      }}
      onClick={() => onChoose(block)}
    >
      <span className="board-block__time">{time}</span>
      <span className="board-block__ref">{block.reference}</span>
      <span className="board-block__what">
        {[block.service && names.service(block.service), block.town && names.town(block.town)]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <span className="board-block__status">{status(block.status)}</span>
    </button>
  )
}
