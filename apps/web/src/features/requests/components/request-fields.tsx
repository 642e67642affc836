import { Select, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { RequestFormOutput, RequestFormValues } from '../model/request-form'
import { useNames, type Names } from '../../../lib/names'

type RequestForm = UseFormReturn<RequestFormValues, unknown, RequestFormOutput>

export interface RequestFieldsProps {
  form: RequestForm
  fieldError: (name: keyof RequestFormValues) => string | undefined
  today: string
}

/** The seed's fields: name, phone, email, service, town and the day the work is wanted. */
export function RequestFields({ form, fieldError, today }: RequestFieldsProps) {
  const { t } = useTranslation('requests')
  const names = useNames()
  const { register, control } = form
  return (
    <>
      <TextInput label={t('form.name')} autoComplete="name" required error={fieldError('name')} {...register('name')} />
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
      <ChoiceField
        form={form}
        name="service"
        label={t('form.service')}
        placeholder={t('form.servicePlaceholder')}
        options={names.serviceOptions}
        error={fieldError('service')}
      />
      <ChoiceField
        form={form}
        name="town"
        label={t('form.town')}
        placeholder={t('form.townPlaceholder')}
        options={names.townOptions}
        error={fieldError('town')}
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
    </>
  )
}

interface ChoiceFieldProps {
  form: RequestForm
  name: 'service' | 'town'
  label: string
  placeholder: string
  options: Names['serviceOptions'] | Names['townOptions']
  error: string | undefined
}

/** A required choice from our own list (service or town), shown in the reader's language. */
function ChoiceField({ form, name, label, placeholder, options, error }: ChoiceFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={placeholder}
          data={options}
          required
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={error}
        />
      )}
    />
  )
}
