import { screen, within } from '@testing-library/react'
import type { WorkflowRecord } from '@townworks/contract'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MantineScope } from '../../../lib/mantine'
import { renderWithRouter } from '../../../testing/render'
import { WorkflowRecordsTable } from './workflow-records-table'

beforeAll(() => i18n.loadNamespaces('workflow'))
afterEach(() => i18n.changeLanguage('en'))

const record = (overrides: Partial<WorkflowRecord>): WorkflowRecord => ({
  id: 1,
  task_id: 5,
  status: 'assigned',
  from_status: null,
  timestamp: '2026-11-20T04:00:00.000Z',
  notes: null,
  by: 'sita',
  ...overrides,
})

const RECORDS = [
  record({ id: 1 }),
  record({
    id: 2,
    status: 'work_inprogress',
    from_status: 'assigned',
    timestamp: '2026-11-21T04:30:00.000Z',
    by: 'ravi',
    proof: 'start_code',
  }),
  record({
    id: 3,
    status: 'work_pending',
    from_status: 'work_inprogress',
    timestamp: '2026-11-21T06:00:00.000Z',
    notes: 'Waiting for a part',
  }),
]

function renderTable() {
  renderWithRouter(
    <MantineScope>
      <WorkflowRecordsTable taskId={5} reference="TW-000123" records={RECORDS} />
    </MantineScope>,
    { role: 'operator' },
  )
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '')
}

describe('the workflow records', () => {
  it("marks a start with the customer's start code, beside the other records' notes", () => {
    const rows = renderTable()
    expect(rows).toHaveLength(3)
    expect(rows[0]).not.toMatch(/start code/)
    expect(rows[1]).toContain("Started with the customer's start code")
    expect(rows[2]).toContain('Waiting for a part')
    expect(rows[2]).not.toMatch(/start code/)
    expect(screen.getByRole('columnheader', { name: /Notes/ })).toBeInTheDocument()
  })

  it.each([
    ['te', 'కస్టమర్ స్టార్ట్ కోడ్‌తో మొదలుపెట్టారు'],
    ['hi', 'ग्राहक के स्टार्ट कोड से शुरू किया'],
  ])('says so in %s too', async (language, words) => {
    await i18n.changeLanguage(language)
    await i18n.loadNamespaces('workflow')
    const rows = renderTable()
    expect(rows[1]).toContain(words)
  })
})
