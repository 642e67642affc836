import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

// Mantine's searchable Select in jsdom: jsdom does no layout, so an open list stays display: none;
// its options are there (hidden) and take a click.

/** A picker by its label, once its code (often loaded lazily) is there. */
export const picker = (name: string) => screen.findByRole('combobox', { name }, { timeout: 10_000 })

/** Open the picker labelled `name` and give the list it controls. */
export async function openList(name: string): Promise<HTMLElement> {
  const box = await picker(name)
  await userEvent.setup().click(box)
  await waitFor(() => expect(box).toHaveAttribute('aria-controls'))
  const list = document.getElementById(box.getAttribute('aria-controls') ?? '')
  if (!list) throw new Error(`no list for ${name}`)
  return list
}

/** The rows a picker offers, as shown. */
export async function pickerOptions(name: string): Promise<(string | null)[]> {
  const list = await openList(name)
  return (await within(list).findAllByRole('option', { hidden: true })).map((o) => o.textContent)
}

/** Choose the row named `option` in the picker labelled `name`. */
export async function pick(name: string, option: string | RegExp): Promise<void> {
  const list = await openList(name)
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }))
}
