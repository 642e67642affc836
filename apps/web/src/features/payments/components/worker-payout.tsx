import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { PayoutMethod, WorkerOwed } from '@townworks/contract'
import { PAYOUT_METHODS } from '@townworks/contract/constants'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { JobLink } from '../../../components/job-link'
import { useCreatePayout } from '../api/create-payout'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { formatMoney } from '../../../lib/format'
import { MethodAndReference } from './method-and-reference'
import { useStatusLabel, type ReadableStatus } from '../../../lib/status-labels'

type OwedTask = WorkerOwed['tasks'][number]

/** One worker's owed tasks and the form that pays them out. */
export function WorkerPayout({
  worker,
  onResult,
}: {
  worker: WorkerOwed
  onResult: (text: string, ok: boolean) => void
}) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  const statusLabel = useStatusLabel()
  const [excluded, setExcluded] = useState<Set<number>>(new Set())
  const [method, setMethod] = useState<PayoutMethod>('upi')
  const [reference, setReference] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useCreatePayout()
  const chosen = worker.tasks.filter((task) => !excluded.has(task.task_id))
  const total = chosen.reduce((s, task) => s + task.amount_paise, 0)
  const headingId = `payout-worker-${worker.worker_id}`

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    if (chosen.length === 0) {
      setError(t('payouts.noneChosen'))
      return
    }
    try {
      const { payout } = await create.mutateAsync({
        worker_id: worker.worker_id,
        task_ids: chosen.map((task) => task.task_id),
        method,
        amount_paise: total,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      })
      onResult(t('payouts.recorded', { amount: formatMoney(payout.amount_paise, lng), name: worker.name }), true)
    } catch (e) {
      setError(
        describeApiError(e, {
          network: t('payouts.noServer'),
          CONFLICT: (error) => t('payouts.failed.conflict', { message: serverDetail(error) }),
          rest: (message) => t('payouts.failed.other', { message }),
        }),
      )
    }
  }

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} className="payments-worker">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4" id={headingId}>
              {worker.name}
            </Title>
            <Text>
              {t('payouts.owed', { amount: formatMoney(worker.owed_paise, lng) })} ·{' '}
              {t('payouts.paidSoFar', { amount: formatMoney(worker.paid_paise, lng) })}
            </Text>
          </Group>
          <DataTable
            columns={owedColumns(t, lng, statusLabel, excluded, setExcluded)}
            rows={worker.tasks}
            rowKey={(task) => task.task_id}
            label={t('payouts.tableRegion', { name: worker.name })}
          />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <MethodAndReference
              methodLabel={t('payouts.method')}
              methods={PAYOUT_METHODS}
              methodName={(m) => t(`payouts.methods.${m}`)}
              method={method}
              onMethod={setMethod}
              referenceLabel={t('payouts.reference')}
              reference={reference}
              onReference={setReference}
            />
            <Button type="submit" loading={create.isPending}>
              {t('payouts.record', { amount: formatMoney(total, lng) })}
            </Button>
          </Group>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  )
}

function owedColumns(
  t: TFunction<'payments'>,
  lng: string,
  statusLabel: (status: ReadableStatus) => string,
  excluded: Set<number>,
  setExcluded: (next: Set<number>) => void,
): DataColumn<OwedTask>[] {
  return [
    {
      id: 'include',
      header: <span className="visually-hidden">{t('payouts.includeColumn')}</span>,
      cell: (task) => (
        <Checkbox
          aria-label={t('payouts.include', { id: task.task_id, name: task.task_name })}
          checked={!excluded.has(task.task_id)}
          onChange={(e) => {
            const next = new Set(excluded)
            if (e.currentTarget.checked) next.delete(task.task_id)
            else next.add(task.task_id)
            setExcluded(next)
          }}
        />
      ),
    },
    {
      id: 'task',
      header: t('payouts.task'),
      value: (task) => task.task_name,
      cell: (task) => (
        <>
          <JobLink taskId={task.task_id}>{task.task_name}</JobLink>
          {task.payment_mismatch ? (
            <Text size="sm" c="red.9">
              {t(`payouts.${task.payment_mismatch}`, {
                amount: formatMoney(Math.abs(task.balance_paise), lng),
              })}
            </Text>
          ) : null}
        </>
      ),
    },
    { id: 'status', header: t('payouts.status'), value: (task) => statusLabel(task.status) },
    {
      // The office looks at the photos of the work before it pays (issue 21): the task's link opens them.
      id: 'photos',
      header: t('payouts.photos'),
      value: (task) => task.photo_count,
      cell: (task) =>
        task.photo_count > 0 ? (
          t('payouts.photoCount', { count: task.photo_count })
        ) : (
          <Text component="span" size="sm" c="red.9">
            {t('payouts.noPhotos')}
          </Text>
        ),
    },
    { id: 'share', header: t('payouts.share'), value: (task) => formatMoney(task.amount_paise, lng) },
  ]
}
