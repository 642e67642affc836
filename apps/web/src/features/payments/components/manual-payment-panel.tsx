import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import type { TaskCharges } from '@townworks/contract'
import { MANUAL_PAYMENT_METHODS } from '@townworks/contract/constants'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { getTaskCharges, useRecordManualPayment } from '../api/record-manual-payment'
import { describeApiError } from '../../../lib/api-error-text'
import { formatMoney } from '../../../lib/format'
import { ChargesEditor } from './charges-editor'

type ManualMethod = (typeof MANUAL_PAYMENT_METHODS)[number]

const newKey = () => crypto.randomUUID()

/**
 * The office records cash or UPI received by hand: find the task, see what it owes, record the
 * payment. The amount is what the task owes (the server refuses any other); one idempotency key
 * per payment, kept until it is recorded, so a retry after a lost answer records it once.
 */
export function ManualPaymentPanel({ onResult }: { onResult: (text: string, ok: boolean) => void }) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  const [taskId, setTaskId] = useState('')
  const [charges, setCharges] = useState<TaskCharges | null>(null)
  const [method, setMethod] = useState<ManualMethod>('cash')
  const [reference, setReference] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [looking, setLooking] = useState(false)
  const [key, setKey] = useState(newKey)
  const record = useRecordManualPayment()

  async function handleLookUp(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setCharges(null)
    const id = Number(taskId)
    if (!Number.isInteger(id) || id <= 0) {
      setError(t('manual.badTaskId'))
      return
    }
    setLooking(true)
    try {
      setCharges(await getTaskCharges(id))
      setKey(newKey())
    } catch (e) {
      setError(
        describeApiError(e, {
          network: t('payouts.noServer'),
          NOT_FOUND: t('manual.notFound'),
          FORBIDDEN: t('manual.notFound'),
        }),
      )
    } finally {
      setLooking(false)
    }
  }

  async function handleRecord() {
    if (!charges || charges.total_paise === null) return
    setError(null)
    try {
      const answer = await record.mutateAsync({
        taskId: charges.task_id,
        idempotencyKey: key,
        amount_paise: charges.total_paise,
        method,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      })
      onResult(
        t('manual.recorded', { amount: formatMoney(answer.payment.amount_paise, lng), id: charges.task_id }),
        true,
      )
      setCharges(null)
      setTaskId('')
      setReference('')
      setKey(newKey())
    } catch (e) {
      setError(describeApiError(e, { network: t('payouts.noServer') }))
    }
  }

  const owed = charges?.total_paise ?? null
  const payable = charges !== null && charges.status === 'payment_pending' && owed !== null
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="manual-payment-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="manual-payment-heading">
          {t('manual.heading')}
        </Title>
        <form onSubmit={(e) => void handleLookUp(e)} noValidate>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('manual.taskId')}
              inputMode="numeric"
              value={taskId}
              onChange={(e) => setTaskId(e.currentTarget.value)}
            />
            <Button type="submit" variant="outline" loading={looking}>
              {t('manual.lookUp')}
            </Button>
          </Group>
        </form>
        {charges ? (
          <Stack gap="xs">
            <Text>
              {t('manual.summary', {
                id: charges.task_id,
                name: charges.task_name,
                amount: owed === null ? '—' : formatMoney(owed, lng),
              })}
            </Text>
            <ChargesEditor charges={charges} onChanged={setCharges} />
            {payable ? (
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label={t('manual.method')}
                  value={method}
                  onChange={(e) => setMethod(e.currentTarget.value as ManualMethod)}
                  data={MANUAL_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`manual.methods.${m}`) }))}
                />
                <TextInput
                  label={t('manual.reference')}
                  value={reference}
                  maxLength={200}
                  onChange={(e) => setReference(e.currentTarget.value)}
                />
                <Button onClick={() => void handleRecord()} loading={record.isPending}>
                  {t('manual.record', { amount: formatMoney(owed, lng) })}
                </Button>
              </Group>
            ) : (
              <Text>{t('manual.notPayable')}</Text>
            )}
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  )
}
