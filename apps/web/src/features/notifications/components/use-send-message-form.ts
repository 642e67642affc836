import type { SendMessageBody, SendMessageInput } from '@townworks/contract'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../lib/api-client'
import { fieldIssueText, fieldMessageText } from '../../../lib/field-issue-text'
import { formatPhone } from '../../../lib/phone'
import { useJob } from '../../../lib/shared-api/jobs'
import { useSendMessage } from '../api/send-message'
import { failureText } from '../model/failure-text'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import { lazyResolver } from '../../../lib/lazy-resolver'

/** The contract's schema, imported when the form is on screen or first checks a field (decision 055). */
const resolver = lazyResolver<SendMessageInput, SendMessageBody>(() =>
  import('../../../lib/form-resolvers').then((m) => m.sendMessageResolver),
)

const FIELDS = ['to', 'message', 'channel'] as const

/**
 * Send message's state: the form (validated with the contract's schema), the job picked for a
 * recipient, and the send itself. One Idempotency-Key per message: a repeat after a lost answer is
 * queued once. A failure keeps every typed value; a success clears only the message.
 */
export function useSendMessageForm() {
  const { t } = useTranslation('notifications')
  const send = useSendMessage()
  const [queuedId, setQueuedId] = useState<number>()
  const [errorLine, setErrorLine] = useState('')
  const [taskId, setTaskId] = useState<number>()
  const job = useJob(taskId)
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null)
  const form = useForm<SendMessageInput, unknown, SendMessageBody>({
    resolver,
    defaultValues: { to: '', message: '', channel: 'whatsapp' },
  })
  // Fetched once the form is on screen, so the first check rarely waits for it.
  useEffect(() => resolver.preload(), [])

  const handleValid = async (body: SendMessageBody) => {
    setErrorLine('')
    const fingerprint = JSON.stringify(body)
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey('msg'), fingerprint }
    try {
      const res = await send.mutateAsync({ body, idempotencyKey: attempt.current.key })
      attempt.current = null
      setQueuedId(res.id)
      form.resetField('message')
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const path = FIELDS.find((field) => field === issue.path)
          if (path) form.setError(path, { message: fieldIssueText(issue) })
        }
      }
      setErrorLine(failureText(t, error))
    }
  }

  const handleInvalid = (e: FieldErrors<SendMessageInput>) => {
    setQueuedId(undefined)
    const detail = e.to
      ? t('errors.phone')
      : (fieldMessageText(e.message?.message, 'message') ?? fieldMessageText(e.channel?.message, 'channel') ?? '')
    setErrorLine(t('errors.invalid', { detail }))
  }

  return {
    form,
    send,
    queuedId,
    errorLine,
    taskId,
    job: job.data,
    setTaskId,
    /** A person of the picked job: their number, as people write it, into the phone field. */
    fillPhone: (phone: string) =>
      form.setValue('to', formatPhone(phone).text, { shouldValidate: true, shouldDirty: true }),
    fillMessage: (text: string) => form.setValue('message', text, { shouldValidate: true, shouldDirty: true }),
    onSubmit: (event: FormEvent) => form.handleSubmit(handleValid, handleInvalid)(event),
  }
}
