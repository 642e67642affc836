import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core'
import type { TaskCharges } from '@townworks/contract'
import { PRICE_LOCKED_STATUSES } from '@townworks/contract/constants'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { useAddLineItem, useSetTaskPrice } from '../api/edit-charges'
import { describeApiError } from '../../../lib/api-error-text'
import { fieldIssueText } from '../../../lib/field-issue-text'
import { formatMoney } from '../../../lib/format'

/** Rupees typed by a person (up to 2 decimals) as paise; undefined when it is not an amount. */
export function rupeesToPaise(text: string): number | undefined {
  const match = /^\s*(\d{1,8})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return undefined
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return paise > 0 ? paise : undefined
}

/** A refusal in words: the field's issue when the server named one, else what went wrong. */
function useFailureText() {
  const { t } = useTranslation('payments')
  return (e: unknown) => {
    const issue = isApiError(e) ? e.issues[0] : undefined
    return issue ? fieldIssueText(issue) : describeApiError(e, { network: t('payouts.noServer') })
  }
}

interface ChargeFormProps {
  charges: TaskCharges
  onChanged: (c: TaskCharges) => void
  /** What went wrong (null clears it): shown once, under both forms. */
  onError: (text: string | null) => void
}

/** A new price with its reason; what was typed stays after a refusal. */
function PriceForm({ charges, onChanged, onError }: ChargeFormProps) {
  const { t } = useTranslation('payments')
  const setPrice = useSetTaskPrice()
  const failureText = useFailureText()
  const [price, setPriceText] = useState('')
  const [reason, setReason] = useState('')

  async function handlePrice(event: FormEvent) {
    event.preventDefault()
    onError(null)
    const paise = rupeesToPaise(price)
    if (paise === undefined) return onError(t('chargesEditor.badAmount'))
    try {
      onChanged(await setPrice.mutateAsync({ taskId: charges.task_id, price_paise: paise, reason: reason.trim() }))
      setPriceText('')
      setReason('')
    } catch (e) {
      onError(failureText(e))
    }
  }

  return (
    <form onSubmit={(e) => void handlePrice(e)} noValidate>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('chargesEditor.newPrice')}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPriceText(e.currentTarget.value)}
        />
        <TextInput
          label={t('chargesEditor.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button type="submit" variant="outline" loading={setPrice.isPending}>
          {t('chargesEditor.setPrice')}
        </Button>
      </Group>
    </form>
  )
}

/** Material or extra work added to the bill; what was typed stays after a refusal. */
function ItemForm({ charges, onChanged, onError }: ChargeFormProps) {
  const { t } = useTranslation('payments')
  const addItem = useAddLineItem()
  const failureText = useFailureText()
  const [itemText, setItemText] = useState('')
  const [itemAmount, setItemAmount] = useState('')

  async function handleItem(event: FormEvent) {
    event.preventDefault()
    onError(null)
    const paise = rupeesToPaise(itemAmount)
    if (paise === undefined) return onError(t('chargesEditor.badAmount'))
    try {
      onChanged(
        await addItem.mutateAsync({ taskId: charges.task_id, description: itemText.trim(), amount_paise: paise }),
      )
      setItemText('')
      setItemAmount('')
    } catch (e) {
      onError(failureText(e))
    }
  }

  return (
    <form onSubmit={(e) => void handleItem(e)} noValidate>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('chargesEditor.itemDescription')}
          value={itemText}
          maxLength={200}
          onChange={(e) => setItemText(e.currentTarget.value)}
        />
        <TextInput
          label={t('chargesEditor.itemAmount')}
          inputMode="decimal"
          value={itemAmount}
          onChange={(e) => setItemAmount(e.currentTarget.value)}
        />
        <Button type="submit" variant="outline" loading={addItem.isPending}>
          {t('chargesEditor.addItem')}
        </Button>
      </Group>
    </form>
  )
}

/** The price, the bill's extra lines, and what does not add up (a payment that differs, a refund due). */
function ChargesSummary({ charges }: { charges: TaskCharges }) {
  const { t, i18n } = useTranslation('payments')
  const lng = i18n.language
  return (
    <>
      <Text>
        {t('chargesEditor.price', {
          amount: charges.price_paise === null ? '—' : formatMoney(charges.price_paise, lng),
        })}
      </Text>
      {charges.line_items.length > 0 ? (
        <List>
          {charges.line_items.map((item) => (
            <List.Item key={item.id}>
              {item.description}: {formatMoney(item.amount_paise, lng)}
            </List.Item>
          ))}
        </List>
      ) : null}
      {charges.payment_mismatch && charges.balance_paise !== null ? (
        <Text role="note" c="red.9">
          {t(`chargesEditor.${charges.payment_mismatch}`, {
            paid: formatMoney(charges.paid_paise, lng),
            amount: formatMoney(Math.abs(charges.balance_paise), lng),
          })}
        </Text>
      ) : null}
      {charges.refund_due_paise > 0 ? (
        <Text role="note" c="red.9">
          {t('chargesEditor.refundDue', { amount: formatMoney(charges.refund_due_paise, lng) })}
        </Text>
      ) : null}
    </>
  )
}

/**
 * The task's price and its materials or extra work, which the office may change (with a reason)
 * until the customer pays; each change is recorded and shown to the customer in My requests.
 */
export function ChargesEditor({ charges, onChanged }: { charges: TaskCharges; onChanged: (c: TaskCharges) => void }) {
  const { t } = useTranslation('payments')
  const locked = (PRICE_LOCKED_STATUSES as readonly string[]).includes(charges.status)
  const [error, setError] = useState<string | null>(null)
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('chargesEditor.heading')}
      </Title>
      <ChargesSummary charges={charges} />
      {locked ? (
        <Text>{t('chargesEditor.locked')}</Text>
      ) : (
        <>
          <PriceForm charges={charges} onChanged={onChanged} onError={setError} />
          <ItemForm charges={charges} onChanged={onChanged} onError={setError} />
        </>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  )
}
