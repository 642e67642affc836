import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useMediaQuery } from '@mantine/hooks'
import type { ServiceRequestResponse } from '@townworks/contract'
import { SERVICES, TOWNS, type Service } from '@townworks/contract/constants'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from '../../../lib/router'
import { useSession } from '../../../lib/session'
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
import { isApiError } from '../../../lib/api-client'
import { describeApiError, fieldIssueText, serverDetail } from '../../../lib/api-error-text'

interface Done {
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

export interface ServiceRequestModalProps {
  opened: boolean
  onClose: () => void
  state: ServiceRequestFormState
}

/**
 * 'Enter Service Request Details': the seed's form. A failed send keeps every value and says why;
 * a repeat of the same request carries the same Idempotency-Key, so it is stored once.
 */
export function ServiceRequestModal({ opened, onClose, state }: ServiceRequestModalProps) {
  const { t } = useTranslation('requests')
  const phone = useMediaQuery('(max-width: 575px)')
  const { form, contact, role, done, setDone, failure, setFailure } = state
  const create = useCreateServiceRequest()
  const [lastAttempt, setLastAttempt] = useState<{ values: RequestFormOutput; key: string } | null>(null)
  const today = todayInKolkata()
  const { register, control, handleSubmit, formState, setError, reset, setFocus } = form

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

  const close = () => {
    setFailure(null)
    onClose()
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('form.title')}
      size={phone ? '100%' : 380}
      styles={phone ? undefined : { content: { height: 480 } }}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      classNames={{ content: 'requests-scope' }}
    >
      {done ? (
        <Stack gap="sm" role="status" aria-live="polite" data-testid="request-confirmation">
          <Title order={2} size="h3">
            {t('form.done.title')}
          </Title>
          <Text fw={700}>{t('form.done.reference', { reference: done.answer.reference })}</Text>
          <Text>{t('form.done.keep')}</Text>
          <Text>{t('form.done.next', { phone: done.phone, date: done.date })}</Text>
          {role === 'customer' ? (
            <Text>
              {t('form.done.track')}{' '}
              <Anchor component={Link} to="/my/requests" underline="always">
                {t('form.done.trackLink')}
              </Anchor>
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDone(null)}>
              {t('form.done.another')}
            </Button>
            <Button onClick={close}>{t('form.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => void handleSubmit(submit)(e)}
          noValidate
          aria-describedby={failure ? 'request-failure' : undefined}
        >
          <Stack gap="xs">
            <div aria-live="assertive">
              {failure ? (
                <Alert id="request-failure" color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              ) : null}
            </div>
            <TextInput
              label={t('form.name')}
              autoComplete="name"
              required
              error={fieldError('name')}
              {...register('name')}
            />
            <TextInput
              label={t('form.phone')}
              description={t('form.phoneHint')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              error={fieldError('phone')}
              {...register('phone')}
            />
            <TextInput
              label={t('form.email')}
              type="email"
              autoComplete="email"
              error={fieldError('email')}
              {...register('email')}
            />
            <Controller
              control={control}
              name="service"
              render={({ field }) => (
                <Select
                  label={t('form.service')}
                  placeholder={t('form.servicePlaceholder')}
                  data={SERVICES.map((s) => ({ value: s, label: t(`services.${s}`) }))}
                  required
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldError('service')}
                />
              )}
            />
            <Controller
              control={control}
              name="town"
              render={({ field }) => (
                <Select
                  label={t('form.town')}
                  placeholder={t('form.townPlaceholder')}
                  data={TOWNS.map((town) => ({ value: town, label: t(`towns.${town}`) }))}
                  required
                  allowDeselect={false}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldError('town')}
                />
              )}
            />
            <Controller
              control={control}
              name="service_date"
              render={({ field }) => (
                <DateInput
                  label={t('form.serviceDate')}
                  placeholder={t('form.serviceDatePlaceholder')}
                  valueFormat="YYYY-MM-DD"
                  minDate={today}
                  required
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldError('service_date')}
                />
              )}
            />
            <DateInput label={t('form.createdDate')} valueFormat="YYYY-MM-DD" value={today} readOnly />
            <Button type="submit" loading={create.isPending} fullWidth mt="xs">
              {t('form.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
