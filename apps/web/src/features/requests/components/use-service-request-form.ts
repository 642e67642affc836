import { zodResolver } from '@hookform/resolvers/zod'
import type { ServiceRequestBody, ServiceRequestResponse } from '@townworks/contract'
import { LANGUAGES, type Language } from '@townworks/contract/constants'
import type { Service } from '@townworks/contract/constants'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../lib/session'
import { isApiError } from '../../../lib/api-client'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'
import { fieldIssueText } from '../../../lib/field-issue-text'
import { useCreateServiceRequest } from '../api/create-service-request'
import { useMyContact } from '../api/get-my-contact'
import { todayInKolkata } from '../../../lib/format'
import { newIdempotencyKey } from '../model/idempotency'
import {
  clearDraft,
  emptyForm,
  formFieldOf,
  readDraft,
  RequestFormSchema,
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
import type { ServiceRequestPick } from './service-request-form'

export interface Done {
  answer: ServiceRequestResponse
  phone: string
  date: string
  timeWindow: string
}

/**
 * The request form's state, owned by the screen so it outlives the modal: closing and reopening
 * keeps what was typed. `start(service)` is what a card does: choose its service and show the form.
 */
export function useServiceRequestForm() {
  const { role } = useSession()
  const contact = useMyContact(role !== undefined)
  const [done, setDone] = useState<Done | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [step, setStep] = useState<Step>('what')
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(RequestFormSchema),
    // What was typed before a reload or a lost connection comes back.
    defaultValues: { ...emptyForm(), ...readDraft() },
    mode: 'onTouched',
  })
  const { getValues, setValue, control } = form

  // Every change is kept as a draft at once: a reload, a closed tab or a lost connection loses nothing.
  const values = useWatch({ control })
  useEffect(() => {
    writeDraft({ ...emptyForm(), ...(values as Partial<RequestFormValues>) })
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
  return { form, contact: contact.data, role, done, setDone, failure, setFailure, start, step, setStep, next, back }
}

export type ServiceRequestFormState = ReturnType<typeof useServiceRequestForm>

/**
 * Sending the form: the same request repeated carries the same Idempotency-Key (stored once); a
 * refusal keeps every value, marks the fields the server named and says why in the person's words.
 */
export function useSendServiceRequest(state: ServiceRequestFormState) {
  const { t, i18n } = useTranslation('requests')
  const { form, contact, setDone, setFailure, setStep } = state
  const create = useCreateServiceRequest()
  const [lastAttempt, setLastAttempt] = useState<{ values: RequestFormOutput; key: string } | null>(null)
  const today = todayInKolkata()
  const { formState, setError, reset, setFocus } = form

  const submit = async (values: RequestFormOutput) => {
    setFailure(null)
    const key = lastAttempt && sameRequest(lastAttempt.values, values) ? lastAttempt.key : newIdempotencyKey()
    setLastAttempt({ values, key })
    try {
      const answer = await create.mutateAsync({
        body: {
          name: values.name,
          phone: values.phone,
          email: values.email,
          service: values.service,
          town: values.town,
          service_date: values.service_date,
          address: values.address,
          ...(values.landmark ? { landmark: values.landmark } : {}),
          ...(values.description ? { description: values.description } : {}),
          problems: values.problems as NonNullable<ServiceRequestBody['problems']>,
          time_window: values.time_window,
          ...(values.lat !== null && values.lng !== null ? { location: { lat: values.lat, lng: values.lng } } : {}),
          ...(values.preferred_worker ? { preferred_worker_id: values.preferred_worker.id } : {}),
          ...(values.photo ? { photo: { type: values.photo.type, data: values.photo.data } } : {}),
          language: languageOf(i18n.language),
        },
        idempotencyKey: key,
      })
      setLastAttempt(null)
      setDone({ answer, phone: values.phone, date: values.service_date, timeWindow: values.time_window })
      clearDraft()
      reset(emptyForm(contact ? { name: contact.user, phone: contact.phone, email: contact.email } : undefined))
      setStep('what')
    } catch (error) {
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
  }

  const fieldError = (name: keyof RequestFormValues) => {
    const error = formState.errors[name]
    if (!error?.message) return undefined
    // Our own checks carry a key of form.errors; the server's carry its words.
    return error.type === 'server' ? error.message : t(`form.errors.${error.message}` as 'form.errors.nameRequired')
  }

  return { create, today, submit, fieldError }
}

/** The language the request is stored with: the one the person is reading (messages follow it). */
function languageOf(code: string): Language {
  const base = code.split('-')[0] as Language
  return LANGUAGES.includes(base) ? base : 'en'
}
