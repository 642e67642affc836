import { Radio, Select, Stack } from '@mantine/core'
import type { JobResponse, JobSummary } from '@townworks/contract'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { describeApiError } from '../../../lib/api-error-text'
import { formatDate, formatTime } from '../../../lib/format'
import { formatPhone } from '../../../lib/phone'
import { useNames } from '../../../lib/names'
import { useJob, useTaskSummaries } from '../../../lib/shared-api/jobs'

/** Who of a job a message goes to. */
export type Recipient = 'customer' | 'worker'

export interface RecipientPickerProps {
  /** The chosen job's task id. */
  taskId: number | undefined
  onTask: (taskId: number | undefined) => void
  /** A person of the job was chosen: their number goes into the phone field. */
  onPick: (phone: string, job: JobResponse) => void
}

/** "TW-000123 · Plumber · Nirmal · 25 Nov 2031 10:00 · Ravi Kumar": a job as the office names it. */
function useJobLabel() {
  const { i18n } = useTranslation()
  const names = useNames()
  return (s: JobSummary) =>
    [
      s.reference,
      s.service ? names.service(s.service) : s.task_name,
      s.town ? names.town(s.town) : null,
      s.date ? `${formatDate(s.date, i18n.language)} ${formatTime(s.start_time)}`.trim() : null,
      s.worker_name,
    ]
      .filter(Boolean)
      .join(' · ')
}

/**
 * The recipient picker of Send message: find a job by its reference, service, town or worker's
 * name, then choose its customer or its worker; their number fills the phone field (which can
 * still be typed by hand).
 */
export function RecipientPicker({ taskId, onTask, onPick }: RecipientPickerProps) {
  const { t } = useTranslation('notifications')
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 250)
  const summaries = useTaskSummaries({ q: q || undefined, limit: 20 })
  const job = useJob(taskId)
  const label = useJobLabel()
  const [who, setWho] = useState<Recipient | null>(null)
  const options = (summaries.data ?? []).map((s) => ({ value: String(s.task_id), label: label(s) }))

  function pick(value: Recipient, answer: JobResponse) {
    const phone = value === 'customer' ? answer.request?.phone : answer.assignment?.worker_phone
    setWho(value)
    if (phone) onPick(phone, answer)
  }

  return (
    <Stack gap="xs">
      <Select
        label={t('recipient.job')}
        description={t('recipient.jobHint')}
        placeholder={t('recipient.jobPlaceholder')}
        data={options}
        searchable
        clearable
        filter={({ options: all }) => all}
        nothingFoundMessage={summaries.isFetching ? t('recipient.searching') : t('recipient.noJob')}
        error={summaries.isError ? describeApiError(summaries.error) : undefined}
        searchValue={search}
        onSearchChange={setSearch}
        value={taskId !== undefined ? String(taskId) : null}
        onChange={(value) => {
          setWho(null)
          onTask(value ? Number(value) : undefined)
        }}
      />
      {taskId !== undefined ? (
        <QueryState query={job} loading={t('recipient.loading')} errorTitle={t('recipient.failed')}>
          {(answer) => <JobPeople job={answer} who={who} onWho={pick} />}
        </QueryState>
      ) : null}
    </Stack>
  )
}

/** The two people of a job, each with their number; one without a number cannot be chosen. */
function JobPeople({
  job,
  who,
  onWho,
}: {
  job: JobResponse
  who: Recipient | null
  onWho: (who: Recipient, job: JobResponse) => void
}) {
  const { t } = useTranslation('notifications')
  const customerPhone = job.request?.phone
  const worker = job.assignment
  return (
    <Radio.Group label={t('recipient.who')} value={who} onChange={(value) => onWho(value as Recipient, job)}>
      <Stack gap={6} mt={4}>
        <Radio
          value="customer"
          disabled={!customerPhone}
          label={
            job.request
              ? t('recipient.customer', { name: job.request.customer_name, phone: formatPhone(customerPhone).text })
              : t('recipient.noCustomer')
          }
        />
        <Radio
          value="worker"
          disabled={!worker}
          label={
            worker
              ? t('recipient.worker', { name: worker.worker_name, phone: formatPhone(worker.worker_phone).text })
              : t('recipient.noWorker')
          }
        />
      </Stack>
    </Radio.Group>
  )
}
