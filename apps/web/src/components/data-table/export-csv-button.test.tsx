import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ExportCsvButton, fileUrl } from './export-csv-button'

afterEach(() => vi.restoreAllMocks())

describe('ExportCsvButton', () => {
  it("is a link to the file with the list's filters, saved under its name", () => {
    const href = fileUrl<'exportRequests'>('/api/requests/export.csv', {
      state: 'open',
      town: 'Nirmal',
      createdFrom: '',
    })
    expect(href).toBe('/api/requests/export.csv?state=open&town=Nirmal')
    render(<ExportCsvButton href={href} fileName="requests.csv" label="Export CSV" />)
    const link = screen.getByRole('link', { name: 'Export CSV' })
    expect(link).toHaveAttribute('href', href)
    expect(link).toHaveAttribute('download', 'requests.csv')
  })

  it('reads the list again (renewing the session) before the browser fetches the file', async () => {
    const order: string[] = []
    let finish: () => void = () => undefined
    const beforeDownload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          order.push('refetch')
          finish = resolve
        }),
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      order.push(`save ${this.getAttribute('download')} ${new URL(this.href).pathname}`)
    })
    render(
      <ExportCsvButton
        href="/api/notifications/export.csv?state=failed"
        fileName="outbox.csv"
        label="Export CSV"
        beforeDownload={beforeDownload}
      />,
    )
    const link = screen.getByRole('link', { name: 'Export CSV' })
    await userEvent.click(link)
    expect(link).toHaveAttribute('aria-busy', 'true')
    expect(order).toEqual(['refetch'])
    finish()
    await vi.waitFor(() => expect(order).toEqual(['refetch', 'save outbox.csv /api/notifications/export.csv']))
    expect(link).not.toHaveAttribute('aria-busy')
    expect(click).toHaveBeenCalledTimes(1)
  })
})
