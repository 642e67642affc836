// Types of bench/booking-storm.mjs, for the API's storm test (apps/api/test/storm.test.ts).

export function withCpuLoad<T>(work: () => Promise<T>, threads?: number): Promise<T>

export interface StormRound {
  requests: number
  ok: number
  conflict: number
  serverErrors: number
  other: number
  busyWithoutRetryAfter: number
  statuses: Record<string, number>
  codes: Record<string, number>
  pass: boolean
}

export function bookingStormRound(options: {
  bases: readonly string[]
  token: string
  workerId: number
  date: string
  n?: number
  label?: string
}): Promise<StormRound>

export interface Storm {
  processes: number
  requestsPerRound: number
  rounds: number
  cpuThreads: number
  ok: number
  conflict: number
  serverErrors: number
  other: number
  roundsWithOneSuccess: number
  seconds: number
  perRound: StormRound[]
  pass: boolean
}

export function bookingStorm(options: {
  bases: readonly string[]
  token: string
  workerId: number
  dateOf: (round: number) => string
  n?: number
  rounds?: number
  cpuThreads?: number
}): Promise<Storm>
