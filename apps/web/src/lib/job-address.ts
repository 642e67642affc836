/** The search parameter that opens a job in the drawer over a list: `?job=<taskId>` (decision 021). */
export const JOB_PARAM = 'job'

/** A task id from the address, or undefined when it is none. */
export function parseTaskId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined
  const id = Number(value)
  return id > 0 ? id : undefined
}

/** The job page of a task. */
export const jobPageHref = (taskId: number) => `/jobs/${taskId}`

/** The current screen's address with the job's drawer open over it (its other parameters kept). */
export function jobDrawerHref(pathname: string, search: string, taskId: number): string {
  const params = new URLSearchParams(search)
  params.set(JOB_PARAM, String(taskId))
  return `${pathname}?${params.toString()}`
}
