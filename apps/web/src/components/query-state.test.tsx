import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api-client'
import { QueryState, type QueryLike } from './query-state'

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { data: undefined, error: null, isPending: false, isError: false, refetch: vi.fn(), ...state }
}

const list = (q: QueryLike<string[]>, extra: { describeError?: (e: unknown) => string } = {}) => (
  <QueryState
    query={q}
    loading="Loading workers…"
    errorTitle="The workers could not be loaded."
    isEmpty={(rows) => rows.length === 0}
    empty="No workers yet."
    {...extra}
  >
    {(rows) => (
      <ul>
        {rows.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    )}
  </QueryState>
)

describe('QueryState', () => {
  it('announces loading as a status', () => {
    render(list(query({ isPending: true })))
    expect(screen.getByRole('status')).toHaveTextContent('Loading workers…')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows a failure as an alert in words a person understands, with a retry that asks again', async () => {
    const refetch = vi.fn()
    render(
      list(
        query({ isError: true, error: new ApiError({ kind: 'network', status: 0, message: 'fetch failed' }), refetch }),
      ),
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The workers could not be loaded.')
    expect(alert).toHaveTextContent(/server/i)
    expect(alert).not.toHaveTextContent('fetch failed')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalledOnce()
  })

  it('takes the error text from the function it is given', () => {
    render(list(query({ isError: true, error: new Error('x') }), { describeError: () => 'Our own words.' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Our own words.')
  })

  it('says when there is nothing to show', () => {
    render(list(query({ data: [] })))
    expect(screen.getByRole('status')).toHaveTextContent('No workers yet.')
  })

  it('draws the data, and keeps it on view with the failure above when asking again fails', () => {
    const { rerender } = render(list(query({ data: ['Ravi'] })))
    expect(screen.getByRole('listitem')).toHaveTextContent('Ravi')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    rerender(list(query({ data: ['Ravi'], isError: true, error: new Error('x') })))
    expect(screen.getByRole('alert')).toBeInTheDocument()
    expect(screen.getByRole('listitem')).toHaveTextContent('Ravi')
  })
})
