import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import '../lib/i18n'
import { PanelBoundary } from './panel-boundary'

let broken = true
function Payouts() {
  if (broken) throw new Error('bug')
  return <p>Payouts drawn</p>
}

function Screen() {
  const [count, setCount] = useState(0)
  return (
    <>
      <PanelBoundary label="Payouts">
        <Payouts />
      </PanelBoundary>
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count}
      </button>
    </>
  )
}

describe('PanelBoundary', () => {
  it('says which panel failed, leaves the rest of the screen working, and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = userEvent.setup()
    render(<Screen />)
    expect(screen.getByRole('alert')).toHaveTextContent('Payouts could not be shown.')
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }))
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument()
    broken = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByText('Payouts drawn')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
