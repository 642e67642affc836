import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SavedFileLink } from './saved-file-link'

afterEach(() => vi.restoreAllMocks())

describe('SavedFileLink (a document’s PDF)', () => {
  it('renews the session through the API client before the browser fetches the file, then saves it', async () => {
    const order: string[] = []
    let finish: () => void = () => undefined
    const beforeDownload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          order.push('renew')
          finish = resolve
        }),
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      order.push(`save ${this.getAttribute('download')} ${new URL(this.href).pathname}${new URL(this.href).search}`)
    })
    render(
      <SavedFileLink
        href="/api/invoices/7/pdf?lang=en"
        fileName="RC-26-27-000007.pdf"
        label="Download PDF of RC/26-27/000007"
        beforeDownload={beforeDownload}
      >
        Download PDF
      </SavedFileLink>,
    )
    const link = screen.getByRole('link', { name: 'Download PDF of RC/26-27/000007' })
    expect(link).toHaveAttribute('download', 'RC-26-27-000007.pdf')
    await userEvent.click(link)
    expect(link).toHaveAttribute('aria-busy', 'true')
    expect(order).toEqual(['renew'])
    finish()
    await vi.waitFor(() => expect(order).toEqual(['renew', 'save RC-26-27-000007.pdf /api/invoices/7/pdf?lang=en']))
    expect(link).not.toHaveAttribute('aria-busy')
    expect(click).toHaveBeenCalledTimes(1)
  })

  it('leaves a click with a modifier (a new tab, a saved link) to the browser', async () => {
    const beforeDownload = vi.fn(() => Promise.resolve())
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    render(
      <SavedFileLink
        href="/api/invoices/7/pdf?lang=en"
        fileName="a.pdf"
        label="Download"
        beforeDownload={beforeDownload}
      >
        Download PDF
      </SavedFileLink>,
    )
    const user = userEvent.setup()
    await user.keyboard('{Control>}')
    await user.click(screen.getByRole('link', { name: 'Download' }))
    await user.keyboard('{/Control}')
    expect(beforeDownload).not.toHaveBeenCalled()
    expect(click).not.toHaveBeenCalled()
  })
})
