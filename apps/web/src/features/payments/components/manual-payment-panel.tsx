import { newIdempotencyKey } from '../../../lib/idempotency-key'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { JobSummary, TaskCharges } from '@townworks/contract'
import { MANUAL_PAYMENT_METHODS, moneyStateOf } from '@townworks/contract/constants'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { JobPicker } from '../../../components/job-picker/lazy-job-picker'
import { describeApiError } from '../../../lib/api-error-text'
import { formatMoney } from '../../../lib/format'
import { getJobSummaries } from '../../../lib/shared-api/jobs'
import { getTaskCharges, useRecordManualPayment } from '../api/record-manual-payment'
import { ChargesEditor } from './charges-editor'
import { MethodAndReference } from './method-and-reference'

type ManualMethod = (typeof MANUAL_PAYMENT_METHODS)[number]

const newKey = () => newIdempotencyKey('pay')

/**
 * The chosen task, what it costs, and recording its payment. One idempotency key per payment, kept
 * until it is recorded, so a retry after a lost answer records it once.
 */
function useManualPayment(onResult: (text: string, ok: boolean) => void) {
  const { t, i18n } = useTranslation('payments')
  const [task, setTask] = useState<{ id: number; reference: string } | undefined>(undefined)
  const [charges, setCharges] = useState<TaskCharges | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [looking, setLooking] = useState(false)
  const [key, setKey] = useState(newKey)
  const record = useRecordManualPayment()

  async function choose(id: number | undefined, summary: JobSummary | undefined) {
    setError(null)
    setCharges(null)
    setTask(id === undefined ? undefined : { id, reference: summary?.reference ?? `#${id}` })
    if (id === undefined) return
    setLooking(true)
    try {
      setCharges(await getTaskCharges(id))
      setKey(newKey())
    } catch (e) {
      const notFound = t('manual.notFound')
      setError(describeApiError(e, { network: t('payouts.noServer'), NOT_FOUND: notFound, FORBIDDEN: notFound }))
    } finally {
      setLooking(false)
    }
  }

  async function pay(method: ManualMethod, reference: string) {
    if (!charges || charges.total_paise === null || !task) return false
    setError(null)
    try {
      const answer = await record.mutateAsync({
        taskId: charges.task_id,
        idempotencyKey: key,
        amount_paise: charges.total_paise,
        method,
        ...(reference ? { reference } : {}),
      })
      const amount = formatMoney(answer.payment.amount_paise, i18n.language)
      onResult(t('manual.recorded', { amount, ref: task.reference }), true)
      setCharges(null)
      setTask(undefined)
      setKey(newKey())
      return true
    } catch (e) {
      setError(describeApiError(e, { network: t('payouts.noServer') }))
      return false
    }
  }

  return { task, charges, setCharges, error, looking, choose, pay, paying: record.isPending }
}

/**
 * A task named in the address (/payouts?task=45: the job page's "Record the payment") is chosen
 * once, as if picked, named by its reference when the server knows it.
 */
function usePreselectedTask(taskId: number | undefined, choose: (id: number, summary: JobSummary | undefined) => void) {
  const done = useRef<number | undefined>(undefined)
  useEffect(() => {
    if (taskId === undefined || done.current === taskId) return
    done.current = taskId
    void getJobSummaries('task', `#${taskId}`)
      .then((rows) => rows.find((row) => row.id === taskId))
      .catch(() => undefined)
      .then((summary) => choose(taskId, summary))
  }, [taskId, choose])
}

/**
 * The office records cash or UPI received by hand: choose the task by its reference, customer's
 * worker, service or town; see what it owes; record the payment. The amount is what the task owes
 * (the server refuses any other).
 */
export function ManualPaymentPanel({
  onResult,
  taskId,
}: {
  onResult: (text: string, ok: boolean) => void
  /** A task to start with (from the address), as if picked. */
  taskId?: number | undefined
}) {
  const { t } = useTranslation('payments')
  const payment = useManualPayment(onResult)
  usePreselectedTask(taskId, payment.choose)
  const { task, charges } = payment
  const owed = charges?.total_paise ?? null
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="manual-payment-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="manual-payment-heading">
          {t('manual.heading')}
        </Title>
        <div style={{ maxWidth: 560 }}>
          <JobPicker
            kind="task"
            label={t('manual.task')}
            value={task?.id}
            fallback={task?.reference}
            onChange={(id, summary) => void payment.choose(id, summary)}
          />
        </div>
        {payment.looking ? <Text role="status">{t('manual.looking')}</Text> : null}
        {charges && task ? (
          <Stack gap="xs">
            <Text fw={700}>{t('manual.summary', { ref: task.reference, name: charges.task_name })}</Text>
            <MoneyState charges={charges} />
            <ChargesEditor charges={charges} onChanged={payment.setCharges} />
            {charges.status === 'payment_pending' && owed !== null ? (
              <RecordPaymentForm owed={owed} paying={payment.paying} onRecord={payment.pay} />
            ) : (
              <Text>{t('manual.notPayable')}</Text>
            )}
          </Stack>
        ) : null}
        {payment.error ? (
          <Alert color="red" role="alert">
            {payment.error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** Where the task's money stands, in the words the job page uses: never "owes" once it is paid. */
function MoneyState({ charges }: { charges: TaskCharges }) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  const state = moneyStateOf(charges.total_paise, charges.paid_paise)
  return (
    <Text data-money-state={state}>
      {t(`manual.state.${state}`, {
        total: charges.total_paise === null ? t('manual.noPrice') : formatMoney(charges.total_paise, lng),
        paid: formatMoney(charges.paid_paise, lng),
        balance: formatMoney(Math.abs(charges.balance_paise ?? 0), lng),
      })}
    </Text>
  )
}

interface RecordPaymentFormProps {
  owed: number
  paying: boolean
  /** Record it; true once recorded (the form then empties). */
  onRecord: (method: ManualMethod, reference: string) => Promise<boolean>
}

/** How it was paid, its reference, and the button naming the amount; what was typed stays on a failure. */
function RecordPaymentForm({ owed, paying, onRecord }: RecordPaymentFormProps) {
  const { t, i18n } = useTranslation('payments')
  const [method, setMethod] = useState<ManualMethod>('cash')
  const [reference, setReference] = useState('')
  return (
    <Group align="flex-end" wrap="wrap">
      <MethodAndReference
        methodLabel={t('manual.method')}
        methods={MANUAL_PAYMENT_METHODS}
        methodName={(m) => t(`manual.methods.${m}`)}
        method={method}
        onMethod={setMethod}
        referenceLabel={t('manual.reference')}
        reference={reference}
        onReference={setReference}
      />
      <Button
        onClick={() => void onRecord(method, reference.trim()).then((done) => done && setReference(''))}
        loading={paying}
      >
        {t('manual.record', { amount: formatMoney(owed, i18n.language) })}
      </Button>
    </Group>
  )
}
