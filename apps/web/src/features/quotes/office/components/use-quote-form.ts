import type { CreateQuoteBody, Quote, ServiceRequestDetail } from '@townworks/contract'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../../lib/api-client'
import { todayInKolkata } from '../../../../lib/format'
import { lazyResolver } from '../../../../lib/lazy-resolver'
import { useNames } from '../../../../lib/names'
import { useCreateQuote } from '../api/create-quote'
import { newIdempotencyKey } from '../../../../lib/idempotency-key'
import { emptyQuote, formFromQuote, formPath, orderQuote, type QuoteForm } from '../model/quote-form'
import { quoteResolver } from '../model/quote-resolver'
import { refusalText } from './refusal-text'

/** The contract's schema, imported when the form is on screen or first checks a field (decision 055). */
const resolver = lazyResolver<QuoteForm, CreateQuoteBody>(() =>
  import('../../../../lib/form-resolvers').then((m) => quoteResolver(m.checkQuoteBody)),
)

/**
 * What was typed for each request while this page lives: a dialog closed by mistake, or a refusal,
 * loses nothing, and a sent quote stays as the start of the next version.
 */
const drafts = new Map<number, QuoteForm>()

/** Forget the drafts (tests). */
export function forgetQuoteDrafts(): void {
  drafts.clear()
}

/**
 * The quote form of one request: what was typed before (its draft), else the latest version sent (a
 * changed quote starts from it), else one labour line (a materials order's material line) valid for a
 * week; the contract's checks; and
 * sending, with one Idempotency-Key per quote (a repeat after a lost answer makes one version).
 */
export function useQuoteForm(request: ServiceRequestDetail, latest: Quote | undefined) {
  const { t } = useTranslation('quotes')
  const today = todayInKolkata()
  const create = useCreateQuote()
  const [sent, setSent] = useState<Quote | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null)
  const names = useNames()
  // A materials order (decision 069) starts from its material line; other requests from a labour line.
  const newQuote = () =>
    request.order ? orderQuote(today, request.order, names.service(request.service)) : emptyQuote(today)
  const form = useForm<QuoteForm, unknown, CreateQuoteBody>({
    resolver,
    defaultValues: drafts.get(request.id) ?? (latest ? formFromQuote(latest, today) : newQuote()),
    mode: 'onTouched',
  })
  // Fetched once the form is on screen, so the first check rarely waits for it.
  useEffect(() => resolver.preload(), [])
  const { subscribe, getValues } = form
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => drafts.set(request.id, getValues()) }),
    [subscribe, getValues, request.id],
  )

  const handleValid = async (body: CreateQuoteBody) => {
    setFailure(null)
    setSent(null)
    const fingerprint = JSON.stringify(body)
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey('qt'), fingerprint }
    try {
      const answer = await create.mutateAsync({ requestId: request.id, body, idempotencyKey: attempt.current.key })
      attempt.current = null
      setSent(answer.quote)
    } catch (error) {
      setFailure(refusalText(t, error))
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          form.setError(formPath(issue.path) as FieldPath<QuoteForm>, { type: 'server', message: issue.message })
        }
      }
    }
  }
  const handleInvalid = () => {
    // The last quote's confirmation goes: the new problem is what counts now.
    setSent(null)
    setFailure(t('office.form.fixFields'))
  }
  const onSubmit = (event: FormEvent) => form.handleSubmit(handleValid, handleInvalid)(event)

  return { t, form, today, sent, failure, sending: create.isPending, onSubmit }
}

export type QuoteFormState = ReturnType<typeof useQuoteForm>
