import type { AriaLabelConfig } from '@xyflow/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/** React Flow's built-in accessible names and hints, in the user's language. */
export function useFlowAriaLabels(): AriaLabelConfig {
  const { t } = useTranslation('workflow')
  return useMemo(
    () => ({
      'node.a11yDescription.default': t('flow.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('flow.nodeHelpReadOnly'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) =>
        t('flow.moved', { direction, x, y }),
      'edge.a11yDescription.default': t('flow.edgeHelp'),
      'controls.ariaLabel': t('flow.controls'),
      'controls.zoomIn.ariaLabel': t('flow.zoomIn'),
      'controls.zoomOut.ariaLabel': t('flow.zoomOut'),
      'controls.fitView.ariaLabel': t('flow.fitView'),
      'controls.interactive.ariaLabel': t('flow.interactive'),
      'minimap.ariaLabel': t('flow.minimap'),
      'handle.ariaLabel': t('flow.handle'),
    }),
    [t],
  )
}
