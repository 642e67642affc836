import { Button, Checkbox, Fieldset, Group, Select, Stack, Textarea, TextInput } from '@mantine/core'
import type { OrderUnit, WorkerBody, WorkerBodyInput, WorkerDetail } from '@townworks/contract'
import { EXPERIENCE_YEARS_MAX, WORKER_LANGUAGE_NAMES, WORKER_LANGUAGES } from '@townworks/contract/worker-profile-rules'
import { useEffect, useState } from 'react'
import { Controller, useFieldArray, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { fieldIssueText, fieldMessageText } from '../../../lib/field-issue-text'
import { useNames, useReferenceRows } from '../../../lib/names'
import { describeWorkersError } from './error-text'
import { lazyResolver } from '../../../lib/lazy-resolver'
import './worker-form.css'

// The edit dialog's photo comes with the form: one fetch for the dialog (worker-dialogs.tsx).
export { WorkerPhoto } from './worker-photo'

/** The contract's schema, imported when the form is on screen or first checks a field (decision 055). */
const resolver = lazyResolver<WorkerBodyInput, WorkerBody>(() =>
  import('../../../lib/form-resolvers').then((m) => m.workerResolver),
)

export interface WorkerFormProps {
  /** The stored worker when editing; a new worker otherwise. */
  initial?: WorkerDetail | undefined
  /** Send the checked values; a rejection keeps the form as typed and shows why. */
  onSubmit: (body: WorkerBody) => Promise<void>
  onCancel?: () => void
}

const EMPTY_OFFER = { service_name: undefined, description: '', price: '', unit: null }

function toFormValues(worker: WorkerDetail | undefined): Partial<WorkerBodyInput> {
  if (!worker) {
    return {
      worker_name: '',
      phone_number: '',
      email: '',
      languages: [],
      experience_years: '',
      services: [EMPTY_OFFER as never],
    }
  }
  return {
    worker_name: worker.worker_name,
    town: worker.town,
    phone_number: worker.phone_number,
    email: worker.email ?? '',
    active: worker.active,
    languages: worker.languages,
    // The years as typed text ('' while not known), which the schema reads as a number or null.
    experience_years: worker.experience_years?.toString() ?? '',
    services: worker.services.map((s) => ({
      service_name: s.service_name,
      description: s.description,
      price: s.price.toFixed(2).replace(/\.00$/, ''),
      unit: s.unit,
    })),
  }
}

type WorkerFormApi = UseFormReturn<WorkerBodyInput, unknown, WorkerBody>

/** The form's state and its submit: the contract's rules first, then the server's, whose refusals mark their fields. */
function useWorkerForm({ initial, onSubmit }: Pick<WorkerFormProps, 'initial' | 'onSubmit'>) {
  const { t } = useTranslation('workerForm')
  const { t: tWorkers } = useTranslation('workers')
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<WorkerBodyInput, unknown, WorkerBody>({
    resolver,
    defaultValues: toFormValues(initial),
    mode: 'onTouched',
  })
  // Fetched once the form is on screen, so the first check rarely waits for it.
  useEffect(() => resolver.preload(), [])
  const handleSubmit = form.handleSubmit(
    async (body) => {
      setFailure(null)
      try {
        await onSubmit(body)
      } catch (error) {
        if (isApiError(error)) {
          for (const issue of error.issues) {
            form.setError(issue.path as FieldPath<WorkerBodyInput>, { message: fieldIssueText(issue) })
          }
        }
        setFailure(describeWorkersError(error, tWorkers))
      }
    },
    () => setFailure(t('form.fixErrors')),
  )
  return { form, failure, handleSubmit }
}

/**
 * A worker, the languages they speak, their years of experience and every service they offer, each
 * with its own description and price, checked with the contract's rules before sending and again by
 * the server. Editing shows the Active switch, which re-activates a deactivated worker. Its words are
 * the `workerForm` namespace, fetched with this module (worker-dialogs.tsx).
 */
export function WorkerForm({ initial, onSubmit, onCancel }: WorkerFormProps) {
  const { t } = useTranslation('workerForm')
  const { t: tWorkers } = useTranslation('workers')
  const { form, failure, handleSubmit } = useWorkerForm({ initial, onSubmit })
  const { isSubmitting } = form.formState
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={
        initial
          ? tWorkers('workerServices.editTitle', { name: initial.worker_name })
          : tWorkers('workerServices.addTitle')
      }
    >
      <Stack gap="sm">
        <WorkerFields form={form} editing={Boolean(initial)} />
        <ProfileFields form={form} />
        {/* A new worker has no id to hang a photo on yet: the edit dialog offers it once saved. */}
        {initial ? null : <p className="worker-photo__later">{t('photo.afterSave')}</p>}
        <ServiceOffers form={form} />
        <p role="alert" className="workers-form__error">
          {failure}
        </p>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {tWorkers('workerServices.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            {initial ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Who the worker is: name, town, phone, email, and (when editing) whether they are active. */
function WorkerFields({ form, editing }: { form: WorkerFormApi; editing: boolean }) {
  const { t } = useTranslation('workerForm')
  const names = useNames()
  const { errors } = form.formState
  return (
    <>
      <TextInput
        label={t('form.name')}
        required
        autoComplete="off"
        error={fieldMessageText(errors.worker_name?.message)}
        {...form.register('worker_name')}
      />
      <Controller
        control={form.control}
        name="town"
        render={({ field, fieldState }) => (
          <Select
            label={t('form.town')}
            placeholder={t('form.townPlaceholder')}
            required
            data={names.townOptions}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            error={fieldMessageText(fieldState.error?.message)}
            allowDeselect={false}
          />
        )}
      />
      <TextInput
        label={t('form.phone')}
        description={t('form.phoneHint')}
        required
        type="tel"
        inputMode="tel"
        autoComplete="off"
        error={fieldMessageText(errors.phone_number?.message)}
        {...form.register('phone_number')}
      />
      <TextInput
        label={t('form.email')}
        description={t('form.emailHint')}
        type="email"
        autoComplete="off"
        error={fieldMessageText(errors.email?.message)}
        {...form.register('email')}
      />
      {editing ? (
        <Checkbox label={t('form.active')} description={t('form.activeHint')} {...form.register('active')} />
      ) : null}
    </>
  )
}

/**
 * What customers see of the worker besides their name (issue 21): the languages they speak (each name
 * in its own script, as it is, in every language of the screen) and their years in the work.
 */
function ProfileFields({ form }: { form: WorkerFormApi }) {
  const { t } = useTranslation('workerForm')
  const { errors } = form.formState
  return (
    <>
      <Controller
        control={form.control}
        name="languages"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label={t('form.languages')}
            description={t('form.languagesHint')}
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldMessageText(fieldState.error?.message)}
          >
            <Group gap="md" mt={6}>
              {WORKER_LANGUAGES.map((language) => (
                <Checkbox
                  key={language}
                  value={language}
                  onBlur={field.onBlur}
                  // Urdu reads right to left: each name keeps its own direction beside the box.
                  label={<bdi lang={language}>{WORKER_LANGUAGE_NAMES[language]}</bdi>}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <TextInput
        label={t('form.years')}
        description={t('form.yearsHint', { max: EXPERIENCE_YEARS_MAX })}
        inputMode="numeric"
        autoComplete="off"
        maw="24rem"
        error={fieldMessageText(errors.experience_years?.message)}
        {...form.register('experience_years')}
      />
    </>
  )
}

/** The services the worker offers, one fieldset each, with Add and Remove (at least one stays). */
function ServiceOffers({ form }: { form: WorkerFormApi }) {
  const { t } = useTranslation('workerForm')
  const names = useNames()
  const offers = useFieldArray({ control: form.control, name: 'services' })
  const { errors } = form.formState
  const servicesError = fieldMessageText(errors.services?.root?.message ?? errors.services?.message)
  return (
    <Fieldset legend={t('form.services')}>
      <Stack gap="md">
        {offers.fields.map((offer, index) => (
          <ServiceOffer
            key={offer.id}
            form={form}
            index={index}
            onRemove={offers.fields.length > 1 ? () => offers.remove(index) : undefined}
          />
        ))}
        {servicesError ? (
          <p role="alert" className="workers-form__error">
            {servicesError}
          </p>
        ) : null}
        {offers.fields.length < names.serviceOptions.length ? (
          <Group>
            <Button variant="outline" onClick={() => offers.append(EMPTY_OFFER as never)}>
              {t('form.addService')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  )
}

/** The units a service is ordered in (decision 069: Sand in tractor loads or cubic feet), none for a job's service. */
function useOrderUnits(): (service: string | undefined) => readonly OrderUnit[] {
  const rows = useReferenceRows()
  return (service) => rows?.services.find((row) => row.name === service)?.order_units ?? []
}

/** The unit select's value for a price per job (the wire's null). */
const PER_JOB = 'job'

/** One service offered: which service, its description and its price (per unit, for a material ordered by quantity). */
function ServiceOffer({ form, index, onRemove }: { form: WorkerFormApi; index: number; onRemove?: () => void }) {
  const { t } = useTranslation('workerForm')
  const names = useNames()
  const unitsOf = useOrderUnits()
  const offerErrors = form.formState.errors.services?.[index]
  const n = index + 1
  return (
    <Fieldset legend={t('form.serviceN', { n })} variant="filled">
      <Stack gap="xs">
        <Controller
          control={form.control}
          name={`services.${index}.service_name`}
          render={({ field, fieldState }) => (
            <Select
              label={t('form.service')}
              placeholder={t('form.servicePlaceholder')}
              required
              data={names.serviceOptions}
              value={field.value ?? null}
              onChange={(value) => {
                field.onChange(value ?? undefined)
                // A material is priced per its usual unit at first, anything else per job.
                form.setValue(`services.${index}.unit`, unitsOf(value ?? undefined)[0] ?? null)
              }}
              onBlur={field.onBlur}
              error={fieldMessageText(fieldState.error?.message)}
              allowDeselect={false}
              searchable
            />
          )}
        />
        <Textarea
          label={t('form.description')}
          rows={2}
          error={fieldMessageText(offerErrors?.description?.message)}
          {...form.register(`services.${index}.description`)}
        />
        <OfferPrice form={form} index={index} units={unitsOf} />
        {onRemove ? (
          <Group justify="flex-end">
            <Button variant="outline" color="red.9" onClick={onRemove}>
              {t('form.removeService', { n })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  )
}

/**
 * The offer's price: of a job, or, for a service ordered by quantity (decision 069), "price per [unit]"
 * with that service's units (the quotes' unit words) and a job's price as the last choice. The unit is
 * sent with the price (null: per job); the suggestions for a materials order work out what it costs.
 */
function OfferPrice({
  form,
  index,
  units: unitsOf,
}: {
  form: WorkerFormApi
  index: number
  units: (service: string | undefined) => readonly OrderUnit[]
}) {
  const { t } = useTranslation(['workerForm', 'quotes'])
  const service = useWatch({ control: form.control, name: `services.${index}.service_name` })
  const unit = useWatch({ control: form.control, name: `services.${index}.unit` })
  const offerErrors = form.formState.errors.services?.[index]
  const units = unitsOf(service)
  // A unit the service is no longer ordered in (an admin changed it) stays named, so it can be changed.
  const choices = unit && !units.includes(unit) ? [...units, unit] : units
  const price = (
    <TextInput
      label={t('form.price')}
      description={t('form.priceHint')}
      required
      inputMode="decimal"
      autoComplete="off"
      error={fieldMessageText(offerErrors?.price?.message)}
      {...form.register(`services.${index}.price`)}
    />
  )
  if (choices.length === 0) return price
  return (
    <div className="worker-offer__price">
      {price}
      <Controller
        control={form.control}
        name={`services.${index}.unit`}
        render={({ field, fieldState }) => (
          <Select
            label={t('form.pricePer')}
            description={t('form.pricePerHint')}
            data={[
              ...choices.map((u) => ({ value: u, label: t(`quotes:units.name.${u}`) })),
              { value: PER_JOB, label: t('quotes:units.name.job') },
            ]}
            value={field.value ?? PER_JOB}
            onChange={(value) => field.onChange(!value || value === PER_JOB ? null : value)}
            onBlur={field.onBlur}
            error={fieldMessageText(fieldState.error?.message)}
            allowDeselect={false}
          />
        )}
      />
    </div>
  )
}
