import { Button } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BRAND_COLORS, FILLED_SHADE, MantineScope, mantineTheme } from './mantine'

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('MantineScope', () => {
  it('renders Mantine components inside it', () => {
    render(
      <MantineScope>
        <Button>Create Schedule</Button>
      </MantineScope>,
    )
    expect(screen.getByRole('button', { name: 'Create Schedule' })).toBeInTheDocument()
  })

  it('fills buttons with a brand shade that passes WCAG AA with white text', () => {
    expect(mantineTheme.respectReducedMotion).toBe(true)
    expect(mantineTheme.primaryColor).toBe('brand')
    expect(mantineTheme.primaryShade).toMatchObject({ light: FILLED_SHADE })
    const filled = BRAND_COLORS[FILLED_SHADE]
    expect(contrast(filled, '#ffffff')).toBeGreaterThanOrEqual(4.5)
    // Hover uses the next shade: it must pass too.
    expect(contrast(BRAND_COLORS[FILLED_SHADE + 1] ?? filled, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })
})
