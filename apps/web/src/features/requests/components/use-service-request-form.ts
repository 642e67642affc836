import type { ServiceRequestResponse } from '@townworks/contract'
import { LANGUAGES, type Language } from '@townworks/contract/constants'
import type { Service } from '@townworks/contract/constants'
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../lib/session'
import { currentReferenceRows } from '../../../lib/names'
import { isApiError } from '../../../lib/api-client'
import { VISITOR } from '../../../lib/offline/device-copy'
import { outboxItems, refusalError, useOutbox } from '../../../lib/offline/outbox'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { fieldIssueText } from '../../../lib/field-issue-text'
import { useCreateServiceRequest } from '../api/create-service-request'
import { useMyContact } from '../api/get-my-contact'
import { todayInKolkata } from '../../../lib/format'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import {
  clearDraft,
  emptyForm,
  formFieldOf,
  readDraft,
  requestFormResolver,
  sameRequest,
  stepOf,
  STEP_FIELDS,
  STEPS,
  writeDraft,
  type FormField,
  type RequestFormOutput,
  type RequestFormValues,
  type Step,
} from '../model/request-form'
import {
  dismissQueuedRequest,
  queueRequest,
  REQUEST_KIND,
  requestBody,
  type QueuedRequestItem,
} from '../model/request-outbox'
import { orderOf, orderUnitsOf } from '../model/material-order'
import { rememberTown } from '../model/price-range'
import type { ServiceRequestPick } from './service-request-form'

// The units each service is ordered in come with the rows (decision 069): the form's check asks at each check.
const resolver = requestFormResolver((service) => orderUnitsOf(currentReferenceRows()?.services, service))

export interface Done {
  answer: ServiceRequestResponse
  phone: string
  date: string
  timeWindow: string
  /** Whether it was a materials order (decision 069): the next step is a supplier and a delivery, not a worker. */
  ordered: boolean
}

/**
 * The request form's state, owned by the screen so it outlives the modal: closing and reopening
 * keeps what was typed. `start(service)` is what a card does: choose its service and show the form.
 */
export function useServiceRequestForm() {
  const { role, user } = useSession()
  const contact = useMyContact(role !== undefined)
  const [done, setDone] = useState<Done | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // Requests kept on this phone with no signal (issue 23): the signed-in person's, or a visitor's.
  const owner = user ?? VISITOR
  const queued = useOutbox(owner, { kind: REQUEST_KIND }) as QueuedRequestItem[]
  // A waiting request the person moved past ("Ask for another service"): the form is theirs again.
  const [setAside, setSetAside] = useState<ReadonlySet<string>>(new Set())
  const waiting = queued.find((i) => (i.state === 'waiting' || i.state === 'sending') && !setAside.has(i.id))
  const [step, setStep] = useState<Step>('what')
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver,
    // What was typed before a reload or a lost connection comes back.
    defaultValues: { ...emptyForm(), ...readDraft() },
    mode: 'onTouched',
  })
  const { getValues, setValue, control } = form

  // Every change is kept as a draft at once: a reload, a closed tab or a lost connection loses nothing.
  const values = useWatch({ control })
  useEffect(() => {
    writeDraft({ ...emptyForm(), ...(values as Partial<RequestFormValues>) })
    // The town chosen is the customer's town for the catalog's "about ₹X–₹Y" (decision 063).
    if (values.town) rememberTown(values.town)
  }, [values])

  // A logged-in customer finds name, phone and email filled in (unless already typed).
  useEffect(() => {
    if (!contact.data) return
    const values = { name: contact.data.user, phone: contact.data.phone, email: contact.data.email }
    for (const field of ['name', 'phone', 'email'] as const) {
      const value = values[field]
      if (value && !getValues(field)) setValue(field, value)
    }
  }, [contact.data, getValues, setValue])

  const start = (pick: ServiceRequestPick) => {
    setDone(null)
    if (getValues('service') !== pick.service) setValue('problems', [])
    setValue('service', pick.service as Service, { shouldValidate: form.formState.isSubmitted })
    setValue('preferred_worker', pick.preferredWorker ?? null)
    setStep('what')
  }

  /** The next step, once this step's fields are right. */
  const next = async () => {
    const ok = await form.trigger([...STEP_FIELDS[step]])
    if (!ok) return false
    const at = STEPS.indexOf(step)
    if (at < STEPS.length - 1) setStep(STEPS[at + 1]!)
    return true
  }
  const back = () => {
    const at = STEPS.indexOf(step)
    if (at > 0) setStep(STEPS[at - 1]!)
  }
  const askAnother = () => {
    if (waiting) setSetAside(new Set([...setAside, waiting.id]))
    form.reset(
      emptyForm(
        contact.data ? { name: contact.data.user, phone: contact.data.phone, email: contact.data.email } : undefined,
      ),
    )
    setStep('what')
  }
  return {
    form,
    contact: contact.data,
    role,
    owner,
    queued,
    waiting,
    setAside,
    askAnother,
    done,
    setDone,
    failure,
    setFailure,
    start,
    step,
    setStep,
    next,
    back,
  }
}

export type ServiceRequestFormState = ReturnType<typeof useServiceRequestForm>

/**
 * Sending the form: the same request repeated carries the same Idempotency-Key (stored once); a
 * refusal keeps every value, marks the fields the server named and says why in the person's words.
 */
export function useSendServiceRequest(state: ServiceRequestFormState, opened = true) {
  const { t, i18n } = useTranslation('requests')
  const { form, contact, owner, queued, setAside, setDone, setFailure, setStep } = state
  const create = useCreateServiceRequest()
  const [lastAttempt, setLastAttempt] = useState<{ values: RequestFormOutput; key: string } | null>(null)
  const [keeping, setKeeping] = useState(false)
  const today = todayInKolkata()
  const { formState, setError, reset, setFocus } = form

  /** Accepted: the reference is shown; the draft and the form are emptied for the next request. */
  const accepted = (answer: ServiceRequestResponse, values: RequestFormOutput) => {
    setLastAttempt(null)
    setDone({
      answer,
      phone: values.phone,
      date: values.service_date,
      timeWindow: values.time_window,
      ordered: orderOf(values) !== undefined,
    })
    clearDraft()
    reset(emptyForm(contact ? { name: contact.user, phone: contact.phone, email: contact.email } : undefined))
    setStep('what')
  }

  /** Refused (now, or by the server after the network returned): the fields it named, and why, in the person's words. */
  const refused = (error: unknown) => {
    let first: FormField | undefined
    const issues = isApiError(error) ? error.issues : []
    for (const issue of issues) {
      const field = formFieldOf(issue.path)
      if (field) {
        setError(field, { type: 'server', message: fieldIssueText(issue) })
        first ??= field
      }
    }
    if (first) setStep(stepOf(first))
    setFailure(
      first
        ? t('form.errors.checkFields')
        : describeApiError(error, {
            network: t('form.errors.network'),
            INTERNAL: t('form.errors.server'),
            CONFLICT: (e) => t('form.errors.conflict', { message: serverDetail(e) }),
            VALIDATION_FAILED: (e) => t('form.errors.other', { message: serverDetail(e) }),
          }),
    )
    if (first) setTimeout(() => setFocus(first), 0)
  }

  /** No signal: the request waits on this phone (the draft stays until it is accepted). */
  const keepOnPhone = async (values: RequestFormOutput, key: string) => {
    setKeeping(true)
    try {
      await queueRequest(owner, key, { values, language: languageOf(i18n.language) })
    } finally {
      setKeeping(false)
    }
  }

  // What the outbox did with a request of this form while it is open: the reference, or the refusal
  // with what was typed. Each is shown once, then leaves the outbox (a closed form leaves them to the
  // notice on home, the catalog and My requests).
  const handled = useRef(new Set<string>())
  useEffect(() => {
    if (!opened) return
    const ready = queued.filter(
      (i) => (i.state === 'sent' || i.state === 'refused') && !handled.current.has(i.id) && !setAside.has(i.id),
    )
    if (ready.length === 0) return
    let live = true
    // Read once more from the outbox (the external store that changed), then shown and let go.
    void outboxItems(owner).then((now) => {
      if (!live) return
      for (const item of ready) {
        if (!now.some((i) => i.id === item.id)) continue
        handled.current.add(item.id)
        if (item.state === 'sent' && item.result) {
          accepted(item.result, item.payload.values)
        } else if (item.refusal) {
          setDone(null)
          reset({ ...emptyForm(), ...item.payload.values })
          setStep('who')
          refused(refusalError(item.refusal))
        }
        void dismissQueuedRequest(item.id)
      }
    })
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the outbox's items only
  }, [queued, opened])

  const submit = async (values: RequestFormOutput) => {
    setFailure(null)
    // The same request carries the same key: one tried a moment ago, or one already waiting on this phone.
    const waitingSame = queued.find(
      (i) => (i.state === 'waiting' || i.state === 'sending') && sameRequest(i.payload.values, values),
    )
    const key =
      waitingSame?.id ??
      (lastAttempt && sameRequest(lastAttempt.values, values) ? lastAttempt.key : newIdempotencyKey('sr'))
    setLastAttempt({ values, key })
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      await keepOnPhone(values, key)
      return
    }
    try {
      const answer = await create.mutateAsync({
        body: requestBody(values, languageOf(i18n.language)),
        idempotencyKey: key,
      })
      accepted(answer, values)
    } catch (error) {
      if (isApiError(error) && error.kind === 'network') await keepOnPhone(values, key)
      else refused(error)
    }
  }

  const fieldError = (name: keyof RequestFormValues) => {
    const error = formState.errors[name]
    if (!error?.message) return undefined
    // Our own checks carry a key of form.errors; the server's carry its words.
    return error.type === 'server' ? error.message : t(`form.errors.${error.message}` as 'form.errors.nameRequired')
  }

  return { create, keeping, today, submit, fieldError }
}

/** The language the request is stored with: the one the person is reading (messages follow it). */
function languageOf(code: string): Language {
  const base = code.split('-')[0] as Language
  return LANGUAGES.includes(base) ? base : 'en'
}
