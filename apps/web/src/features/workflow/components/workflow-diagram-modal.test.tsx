import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { WorkflowDiagramModal } from './workflow-diagram-modal'

// The diagram's module stands in for React Flow: it fails to draw until `broken` is cleared.
const diagram = vi.hoisted(() => ({ broken: true }))
vi.mock('./workflow-diagram', () => ({
  default: ({ reference }: { reference: string }) => {
    if (diagram.broken) throw new Error('Failed to fetch dynamically imported module')
    return <p>Diagram of {reference}</p>
  },
}))

beforeAll(() => i18n.loadNamespaces(['workflow', 'common']))

describe('the workflow diagram modal', () => {
  it('says the diagram could not be loaded, as every failed load does, and draws it on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // React reports the caught failure
    renderWithRouter(
      <MantineScope>
        <WorkflowDiagramModal opened onClose={() => undefined} reference="TW-000123" records={[]} />
      </MantineScope>,
      { role: 'operator' },
    )
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('The diagram could not be loaded. Check your connection, then try again.')
    diagram.broken = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Diagram of TW-000123')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
