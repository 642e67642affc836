import type { JobResponse } from '@townworks/contract'

/**
 * The ready-made messages an operator may start from (the text stays editable). Their words are in
 * notifications.json's `templates` (en, te, hi); those that name a job need one picked first.
 */
export const MESSAGE_TEMPLATES = [
  { id: 'reminder', needsJob: true },
  { id: 'onTheWay', needsJob: true },
  { id: 'moved', needsJob: true },
  { id: 'payment', needsJob: true },
  { id: 'callUs', needsJob: false },
] as const
export type MessageTemplateId = (typeof MESSAGE_TEMPLATES)[number]['id']

/** The values a template may use, from the picked job (empty without one). */
export type TemplateValues = {
  ref: string
  date: string
  time: string
  worker: string
}

export function templateValues(job: JobResponse | undefined, formatDate: (date: string) => string): TemplateValues {
  const assignment = job?.assignment
  return {
    ref: job?.task.reference ?? '',
    date: assignment ? formatDate(assignment.date) : '',
    time: assignment ? assignment.start_time.slice(0, 5) : '',
    worker: assignment?.worker_name ?? '',
  }
}
