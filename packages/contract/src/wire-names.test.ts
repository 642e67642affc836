import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { endpoints } from './endpoints'

// The casing rule for wire names (docs/architecture.md, "Wire names"): a name the seed gave keeps its
// spelling; a new query parameter is camelCase (as the seed's `?assignmentId=`), and so are the
// paging fields an answer echoes; any other new field of a body or an answer is snake_case (as the
// seed's entity fields, and most of ours). Names from before the rule are listed below: that list
// may only shrink.

/** The seed's own names that are not snake_case (its schedule form and top-level answer keys). */
const SEED_NAMES = new Set([
  'taskName',
  'serviceDesc',
  'workerId',
  'startTime',
  'endTime',
  'completionDate',
  'selectedStatus',
  'workerServices',
  'assignmentIds',
])

/** A paged answer's fields, named as the query parameters they echo (`page`, `pageSize`), camelCase with them. */
const PAGING = new Set(['page', 'pageSize', 'total', 'totalExact'])

/**
 * Body and answer fields named before the rule, as `endpoint.field`: shipped clients send or read
 * them, so they stay. Do not add to this list; take an entry out when its field follows the rule.
 */
const BEFORE_THE_RULE = new Set([
  // Accepted beside `expected_status`, which replaces it (still sent by shipped clients).
  'updateStatus.expectedStatus',
  // Added to the seed's camelCase schedule form and its answer.
  'schedule.requestId',
  'schedule.taskId',
  'schedule.assignmentId',
  // Account answers and the password form.
  'login.mustChangePassword',
  'refresh.mustChangePassword',
  'me.mustChangePassword',
  'updateMyLanguage.mustChangePassword',
  'updateMyName.mustChangePassword',
  'changeMyPassword.currentPwd',
  'changeMyPassword.newPwd',
  'notificationSettings.freeTextChannels',
])

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/
const CAMEL = /^[a-z][a-zA-Z0-9]*$/

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  element?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  items?: z.ZodType[]
  rest?: z.ZodType | null
  valueType?: z.ZodType
  left?: z.ZodType
  right?: z.ZodType
  getter?: () => z.ZodType
}

/** Every object key anywhere in a schema (nested objects, arrays, unions, wrappers). */
function keysOf(schema: z.ZodType, into = new Set<string>(), seen = new Set<z.ZodType>()): Set<string> {
  if (seen.has(schema)) return into
  seen.add(schema)
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def
  const next = (s: z.ZodType | null | undefined) => s && keysOf(s, into, seen)
  if (def.shape)
    for (const [key, value] of Object.entries(def.shape)) {
      into.add(key)
      next(value)
    }
  for (const s of [def.innerType, def.element, def.in, def.out, def.rest, def.valueType, def.left, def.right]) next(s)
  for (const s of [...(def.options ?? []), ...(def.items ?? [])]) next(s)
  if (def.type === 'lazy' && def.getter) next(def.getter())
  return into
}

describe('wire names follow one casing rule', () => {
  const table = Object.entries(endpoints) as [string, (typeof endpoints)[keyof typeof endpoints]][]

  it('new query parameters are camelCase', () => {
    const odd = table.flatMap(([name, e]) =>
      'query' in e && e.query ? [...keysOf(e.query)].filter((k) => !CAMEL.test(k)).map((k) => `${name}.${k}`) : [],
    )
    expect(odd).toEqual([])
  })

  it('new body and answer fields are snake_case; the seed’s names and the listed older ones stay', () => {
    const odd = table.flatMap(([name, e]) => {
      const keys = new Set([...('body' in e && e.body ? keysOf(e.body) : []), ...keysOf(e.response)])
      return [...keys]
        .filter((k) => !SNAKE.test(k) && !SEED_NAMES.has(k) && !PAGING.has(k) && !BEFORE_THE_RULE.has(`${name}.${k}`))
        .map((k) => `${name}.${k}`)
    })
    expect(odd).toEqual([])
  })

  it('the list of older names only names fields that still exist', () => {
    const present = new Set(
      table.flatMap(([name, e]) =>
        [...('body' in e && e.body ? keysOf(e.body) : []), ...keysOf(e.response)].map((k) => `${name}.${k}`),
      ),
    )
    expect([...BEFORE_THE_RULE].filter((entry) => !present.has(entry))).toEqual([])
  })
})
