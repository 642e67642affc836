import { NativeSelect, TextInput } from '@mantine/core'
import { PAYMENT_REFERENCE_MAX_LENGTH } from '@townworks/contract/constants'

export interface MethodAndReferenceProps<M extends string> {
  methodLabel: string
  methods: readonly M[]
  /** A method in the person's words. */
  methodName: (method: M) => string
  method: M
  onMethod: (method: M) => void
  referenceLabel: string
  reference: string
  onReference: (reference: string) => void
}

/**
 * How money moved (one of the methods) and its reference (a receipt, UPI or bank number), as the
 * payout and the hand-payment forms both record them; the reference is held to the contract's limit.
 */
export function MethodAndReference<M extends string>({
  methodLabel,
  methods,
  methodName,
  method,
  onMethod,
  referenceLabel,
  reference,
  onReference,
}: MethodAndReferenceProps<M>) {
  return (
    <>
      <NativeSelect
        label={methodLabel}
        value={method}
        onChange={(e) => onMethod(e.currentTarget.value as M)}
        data={methods.map((m) => ({ value: m, label: methodName(m) }))}
      />
      <TextInput
        label={referenceLabel}
        value={reference}
        maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
        onChange={(e) => onReference(e.currentTarget.value)}
      />
    </>
  )
}
