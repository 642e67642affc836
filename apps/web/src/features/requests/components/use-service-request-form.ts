import { zodResolver } from '@hookform/resolvers/zod'
import type { ServiceRequestResponse } from '@townworks/contract'
import type { Service } from '@townworks/contract/constants'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../../lib/session'
import { isApiError } from '../../../lib/api-client'
import { describeApiError, fieldIssueText, serverDetail } from '../../../lib/api-error-text'
import { useCreateServiceRequest } from '../api/create-service-request'
import { useMyContact } from '../api/get-my-contact'
import { todayInKolkata } from '../../../lib/format'
import { newIdempotencyKey } from '../model/idempotency'
import {
  emptyForm,
  isFormField,
  RequestFormSchema,
  sameRequest,
  type FormField,
  type RequestFormOutput,
  type RequestFormValues,
} from '../model/request-form'

export interface Done {
  answer: ServiceRequestResponse
  phone: string
  date: string
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
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(RequestFormSchema),
    defaultValues: emptyForm(),
    mode: 'onTouched',
  })
  const { getValues, setValue } = form

  // A logged-in customer finds name, phone and email filled in (unless already typed).
  useEffect(() => {
    if (!contact.data) return
    const values = { name: contact.data.user, phone: contact.data.phone, email: contact.data.email }
    for (const field of ['name', 'phone', 'email'] as const) {
      const value = values[field]
      if (value && !getValues(field)) setValue(field, value)
    }
  }, [contact.data, getValues, setValue])

  const start = (service: Service) => {
    setDone(null)
    setValue('service', service, { shouldValidate: form.formState.isSubmitted })
  }
  return { form, contact: contact.data, role, done, setDone, failure, setFailure, start }
}

export type ServiceRequestFormState = ReturnType<typeof useServiceRequestForm>

/**
 * Sending the form: the same request repeated carries the same Idempotency-Key (stored once); a
 * refusal keeps every value, marks the fields the server named and says why in the person's words.
 */
export function useSendServiceRequest(state: ServiceRequestFormState) {
  const { t } = useTranslation('requests')
  const { form, contact, setDone, setFailure } = state
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
        },
        idempotencyKey: key,
      })
      setLastAttempt(null)
      setDone({ answer, phone: values.phone, date: values.service_date })
      reset(emptyForm(contact ? { name: contact.user, phone: contact.phone, email: contact.email } : undefined))
    } catch (error) {
      let first: FormField | undefined
      for (const issue of isApiError(error, 400) ? error.issues : []) {
        if (isFormField(issue.path)) {
          setError(issue.path, { type: 'server', message: fieldIssueText(issue) })
          first ??= issue.path
        }
      }
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
      if (first) setFocus(first)
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
