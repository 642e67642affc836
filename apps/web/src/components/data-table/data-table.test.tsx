import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../../testing/render'
import { DataTable, type DataColumn } from './data-table'

interface Row {
  id: number
  name: string
  town: string
}

const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name, sortable: true, rowHeader: true },
  { id: 'town', header: 'Town', value: (r) => r.town, sortable: true },
  { id: 'actions', header: 'Actions', cell: (r) => <button type="button">Edit {r.name}</button> },
]

const rows: Row[] = [
  { id: 1, name: 'Ravi', town: 'Nirmal' },
  { id: 2, name: 'Anil', town: 'Armoor' },
  { id: 3, name: 'Suresh', town: 'Nizamabad' },
  { id: 4, name: 'Lakshmi', town: 'Armoor' },
  { id: 5, name: 'రవి', town: 'Nirmal' },
]

function Table(props: { pageSize?: number }) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      caption="Workers"
      label="Workers table"
      filterable
      csvFileName="workers.csv"
      {...props}
    />
  )
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)

afterEach(() => vi.restoreAllMocks())

describe('DataTable', () => {
  it('sorts ascending on the first click, descending on the second, and says so with aria-sort', async () => {
    const user = userEvent.setup()
    const { router } = renderWithRouter(<Table />, { path: '/list' })
    const header = screen.getByRole('columnheader', { name: /Name/ })
    expect(header).not.toHaveAttribute('aria-sort')
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(names()).toEqual(['Anil', 'Lakshmi', 'Ravi', 'Suresh', 'రవి'])
    expect(router.state.location.search).toBe('?sort=name&order=asc')
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(names()[0]).toBe('రవి')
  })

  it('reads its sort, filter and page from the address, and keeps them there', async () => {
    const user = userEvent.setup()
    const { router } = renderWithRouter(<Table pageSize={2} />, { path: '/list?sort=town&order=desc&page=2&keep=1' })
    expect(screen.getByRole('columnheader', { name: /Town/ })).toHaveAttribute('aria-sort', 'descending')
    // Nizamabad, Nirmal | Nirmal, Armoor | Armoor (in the order given within a town)
    expect(names()).toEqual(['రవి', 'Anil'])
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(names()).toEqual(['Lakshmi'])
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3')

    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'armoor')
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('q')).toBe('armoor')
    expect(search.get('page')).toBeNull()
    expect(search.get('keep')).toBe('1')
    expect(names()).toEqual(['Anil', 'Lakshmi'])
    expect(screen.queryByRole('navigation', { name: 'Pages of the table' })).not.toBeInTheDocument()
  })

  it('says when the filter leaves no rows', async () => {
    const user = userEvent.setup()
    renderWithRouter(<Table />, { path: '/list' })
    await user.type(screen.getByRole('searchbox', { name: 'Filter rows' }), 'nobody')
    expect(screen.getByText('No rows match the filter.')).toBeInTheDocument()
  })

  it('downloads the shown columns of every matching row, in the shown order, as CSV', async () => {
    const user = userEvent.setup()
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:csv'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    renderWithRouter(<Table pageSize={2} />, { path: '/list?sort=name&order=desc&q=nirmal' })
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }))
    expect(click).toHaveBeenCalledOnce()
    expect(click.mock.contexts[0]).toHaveProperty('download', 'workers.csv')
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer())
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFName,Town\r\nరవి,Nirmal\r\nRavi,Nirmal\r\n',
    )
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8')
  })

  it('sorts through the screen when the server sorts and pages', async () => {
    const user = userEvent.setup()
    const onSort = vi.fn()
    const onPage = vi.fn()
    renderWithRouter(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        caption="Workers"
        label="Workers table"
        sorting={{ sort: { column: 'town', order: 'asc' }, onSort }}
        paging={{ page: 1, pages: 4, onPage }}
      />,
    )
    // The server's order is kept as it came.
    expect(names()).toEqual(rows.map((r) => r.name))
    await user.click(screen.getByRole('button', { name: /Town/ }))
    expect(onSort).toHaveBeenCalledWith({ column: 'town', order: 'desc' })
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(onPage).toHaveBeenCalledWith(2)
  })

  it('scrolls sideways in a named region that the keyboard can reach', () => {
    renderWithRouter(<Table />)
    const region = screen.getByRole('region', { name: 'Workers table' })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(within(region).getByRole('table', { name: 'Workers' })).toBeInTheDocument()
  })
})
