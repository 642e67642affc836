import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { notifications, serviceRequests, services, towns } from '../src/db/schema'
import { addDays, todayInIndia } from '../src/shared/dates'
import { csvStream, neutralise } from '../src/shared/csv'
import { eq } from 'drizzle-orm'
import { bearer, type Session } from './auth-helpers'
import { createTask, createWorker, officeApp } from './fixtures'

const BOM = '\uFEFF'

/** A CSV answer's records, as a spreadsheet would read them (the byte-order mark first, then RFC 4180). */
function records(body: string): string[][] {
  expect(body.startsWith(BOM), 'UTF-8 byte-order mark').toBe(true)
  return parse(body.slice(1), { relax_column_count: false }) as string[][]
}

describe('CSV export of the office tables (issue 20, decision 045)', () => {
  const t = officeApp({ town: 'Nirmal' })
  const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(s) })

  /** Text that breaks hand-written CSV, and cells a spreadsheet would run. */
  const TRICKY = 'రవి కుమార్, "పెద్ద" పని\nరెండో లైను'
  const FORMULA = '=HYPERLINK("http://evil.example","click")'

  it('streams the inbox as CSV that parses back to the same Telugu text, commas, quotes and newlines', async () => {
    const db = t.database.db
    const [town] = await db.select().from(towns).where(eq(towns.name, 'Nirmal'))
    const [service] = await db.select().from(services).where(eq(services.name, 'Electrician'))
    const rows = [TRICKY, FORMULA, '+cmd|" /C calc"!A0', '@SUM(1+1)', '-2+3', '\tTabbed'].map((name) => ({
      name,
      phone: '+919848012345',
      serviceId: service!.id,
      townId: town!.id,
      serviceDate: addDays(todayInIndia(), 9),
      state: 'rejected' as const,
    }))
    await db.insert(serviceRequests).values(rows)
    const res = await get(t.operator, '/api/requests/export.csv?state=rejected&service=Electrician&town=Nirmal')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="requests.csv"')
    const [header, ...lines] = records(res.body)
    expect(header).toEqual([
      'reference',
      'created_at',
      'name',
      'phone',
      'email',
      'service',
      'town',
      'service_date',
      'state',
      'reject_reason',
      'customer',
      'task_id',
    ])
    const names = lines.map((l) => l[header!.indexOf('name')])
    // Newest first; every row the filters keep, exactly.
    expect(lines).toHaveLength(6)
    expect(names).toContain(TRICKY)
    // Formula cells start with an apostrophe; a plain number (the phone) stays as it is.
    expect(names).toContain(`'${FORMULA}`)
    expect(names).toContain(`'+cmd|" /C calc"!A0`)
    expect(names).toContain(`'@SUM(1+1)`)
    expect(names).toContain(`'-2+3`)
    expect(names).toContain(`'\tTabbed`)
    expect(lines.every((l) => l[header!.indexOf('phone')] === '+919848012345')).toBe(true)
    // CRLF between records, as RFC 4180 and spreadsheets expect.
    expect(res.body).toContain('\r\n')
  })

  it('exports every row its filters keep, across batches, not one page', async () => {
    const db = t.database.db
    const worker = await createWorker(t, { name: 'Batch Worker', town: 'Nirmal' })
    await db.insert(notifications).values(
      Array.from({ length: 1203 }, (_, i) => ({
        event: 'request_received',
        channel: 'sms' as const,
        to: '+919848012345',
        body: `సందేశం ${i}, "quoted"`,
        state: 'held' as const,
        messageKey: `csv-test-held-${i}`,
      })),
    )
    const res = await get(t.admin, '/api/notifications/export.csv?state=held&page=2&pageSize=5')
    expect(res.statusCode, res.body).toBe(200)
    const [header, ...lines] = records(res.body)
    expect(header![0]).toBe('id')
    expect(lines).toHaveLength(1203)
    const ids = lines.map((l) => Number(l[0]))
    expect(new Set(ids).size).toBe(1203)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    expect(lines[0]!.at(-1)).toBe('సందేశం 1202, "quoted"')

    const { task } = await createTask(t, { workerId: worker.id })
    const ad = records((await get(t.operator, `/api/assignmentdetails/export.csv?workerId=${worker.id}`)).body)
    expect(ad.slice(1).map((l) => Number(l[1]))).toEqual([task.id])
    const wss = records((await get(t.operator, '/api/workerservices/export.csv?q=Batch%20Worker')).body)
    expect(wss.slice(1).map((l) => l[1])).toEqual(['Batch Worker'])
    expect(wss[1]![wss[0]!.indexOf('price_paise')]).toBe('45000')
  })

  it('exports payouts and the ledger with a header even when empty', async () => {
    for (const [url, first] of [
      ['/api/payouts/export.csv', 'payout_id'],
      ['/api/ledger/export.csv?from=2031-01-01&to=2031-01-31', 'id'],
    ] as const) {
      const res = await get(t.operator, url)
      expect(res.statusCode, res.body).toBe(200)
      expect(records(res.body)[0]![0]).toBe(first)
    }
  })

  it('refuses customers and workers (403) and visitors (401)', async () => {
    const paths = [
      '/api/requests/export.csv',
      '/api/assignmentdetails/export.csv',
      '/api/workerservices/export.csv',
      '/api/notifications/export.csv',
      '/api/payouts/export.csv',
      '/api/ledger/export.csv',
    ]
    for (const path of paths) {
      for (const s of [t.customer, t.worker]) expect((await get(s, path)).statusCode, path).toBe(403)
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401)
    }
  })

  it('neutralises every cell that would start a formula, and only those', async () => {
    expect(['=1+1', '+A1', '-A1', '@A1', '\t=1', '\r=1'].map(neutralise)).toEqual([
      "'=1+1",
      "'+A1",
      "'-A1",
      "'@A1",
      "'\t=1",
      "'\r=1",
    ])
    expect(['-450', '+919848012345', '12.5', 'plain', 'a=b'].map(neutralise)).toEqual([
      '-450',
      '+919848012345',
      '12.5',
      'plain',
      'a=b',
    ])
    expect([3, null, undefined, true].map(neutralise)).toEqual([3, null, undefined, true])
    // The stream itself: header, then rows, a null as an empty cell.
    async function* batches() {
      yield [[1, null, '=x']]
    }
    let text = ''
    for await (const chunk of csvStream(['a', 'b', 'c'], batches())) text += String(chunk)
    expect(text).toBe(`${BOM}a,b,c\r\n1,,'=x\r\n`)
  })
})
