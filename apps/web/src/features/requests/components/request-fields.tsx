import { Select, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { RequestFormOutput, RequestFormValues } from '../model/request-form'
import { useNames } from '../../../lib/names'

export interface RequestFieldsProps {
  form: UseFormReturn<RequestFormValues, unknown, RequestFormOutput>
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
      <Controller
        control={control}
        name="service"
        render={({ field }) => (
          <Select
            label={t('form.service')}
            placeholder={t('form.servicePlaceholder')}
            data={names.serviceOptions}
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
            data={names.townOptions}
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
    </>
  )
}
