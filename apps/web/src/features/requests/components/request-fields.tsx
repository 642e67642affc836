import { Button, Chip, Group, Image, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { DatePicker, DatesProvider } from '@mantine/dates'
import { problemChipsOf } from '@townworks/contract/problem-chips'
import { TIME_WINDOWS } from '@townworks/contract/request-details'
import dayjs from 'dayjs'
import 'dayjs/locale/hi'
import 'dayjs/locale/te'
import { Suspense, useId, useMemo, useState } from 'react'
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNames, type Names } from '../../../lib/names'
import { hasPhoneConfirm, PhoneConfirm, type PhoneConfirmProps } from '../../../lib/phone-confirm'
import { readPhoto } from '../../../lib/photo'
import type { RequestFormOutput, RequestFormValues } from '../model/request-form'
import { OrderField, useOrderUnits } from './order-field'
import { PriceRangeNote } from './price-range-note'

type RequestForm = UseFormReturn<RequestFormValues, unknown, RequestFormOutput>

export interface StepFieldsProps {
  form: RequestForm
  fieldError: (name: keyof RequestFormValues) => string | undefined
  today: string
}

/** Inputs a thumb can hit: at least 44 px tall. */
const BIG = { size: 'md' as const }

/** Step 1, what is wrong: the service, a few chips for it, free text and an optional photo. */
export function WhatStep({ form, fieldError }: StepFieldsProps) {
  const { t } = useTranslation('requests')
  const { t: td } = useTranslation('requestDetails')
  const { t: tb } = useTranslation('catalog')
  const names = useNames()
  const service = useWatch({ control: form.control, name: 'service' })
  const town = useWatch({ control: form.control, name: 'town' })
  const photo = useWatch({ control: form.control, name: 'photo' })
  const units = useOrderUnits(service)
  // A service an admin added has no chips (decision 048): the free text says what is wrong.
  const chips = problemChipsOf(service)
  const [photoError, setPhotoError] = useState<string | null>(null)
  const photoId = useId()

  const choosePhoto = async (file: File | undefined) => {
    setPhotoError(null)
    if (!file) return
    const result = await readPhoto(file)
    if (result.ok) form.setValue('photo', result.photo, { shouldDirty: true })
    else setPhotoError(t(`form.errors.${result.error}`))
  }

  return (
    <Stack gap="sm">
      <ChoiceField
        form={form}
        name="service"
        label={t('form.service')}
        placeholder={t('form.servicePlaceholder')}
        options={names.serviceOptions}
        error={fieldError('service')}
      />
      {/* A material is ordered by quantity (decision 069); its unit words are the quotes' (fetched with them). */}
      {units.length > 0 ? (
        <Suspense fallback={<Text role="status">{t('form.orderTitle')}</Text>}>
          <OrderField form={form} units={units} />
        </Suspense>
      ) : null}
      <PriceRangeNote service={service} town={town} order={units.length > 0} />
      {chips.length > 0 ? (
        <Controller
          control={form.control}
          name="problems"
          render={({ field }) => (
            <fieldset className="request-steps__chips">
              <legend>{tb(units.length > 0 ? 'booking.problemsOrder' : 'booking.problems')}</legend>
              <Chip.Group multiple value={field.value} onChange={field.onChange}>
                <Group gap="xs">
                  {chips.map((chip) => (
                    <Chip key={chip} value={chip} size="md">
                      {td(`chips.${chip}` as 'chips.leak')}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </fieldset>
          )}
        />
      ) : null}
      <Textarea
        {...BIG}
        label={tb('booking.description')}
        placeholder={tb('booking.descriptionPlaceholder')}
        rows={3}
        error={fieldError('description')}
        {...form.register('description')}
      />
      <div className="request-steps__photo">
        <label htmlFor={photoId} className="request-steps__photo-button">
          {photo ? tb('booking.photoChange') : tb('booking.photoAdd')}
        </label>
        <input
          id={photoId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${photoId}-hint`}
          onChange={(e) => void choosePhoto(e.currentTarget.files?.[0])}
        />
        <Text size="sm" c="dimmed" id={`${photoId}-hint`}>
          {tb('booking.photoHint')}
        </Text>
        {photo ? (
          <Group gap="sm" align="center">
            <Image
              src={`data:${photo.type};base64,${photo.data}`}
              alt={tb('booking.photoAlt')}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
            />
            <Button variant="subtle" color="red" onClick={() => form.setValue('photo', null, { shouldDirty: true })}>
              {tb('booking.photoRemove')}
            </Button>
          </Group>
        ) : null}
        {photoError || fieldError('photo') ? (
          <Text c="red.8" size="sm" role="alert">
            {photoError ?? fieldError('photo')}
          </Text>
        ) : null}
      </div>
    </Stack>
  )
}

/** Step 2, where: house and street, a landmark, the town, and optionally the phone's location as a pin. */
export function WhereStep({ form, fieldError }: StepFieldsProps) {
  const { t } = useTranslation('requests')
  const { t: tb } = useTranslation('catalog')
  const names = useNames()
  const lat = useWatch({ control: form.control, name: 'lat' })
  const service = useWatch({ control: form.control, name: 'service' })
  const town = useWatch({ control: form.control, name: 'town' })
  // A material's order is delivered: the address reads as the delivery site (the same field).
  const order = useOrderUnits(service).length > 0
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle')

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed')
      return
    }
    setLocating('busy')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        form.setValue('lat', Number(position.coords.latitude.toFixed(6)), { shouldDirty: true })
        form.setValue('lng', Number(position.coords.longitude.toFixed(6)), { shouldDirty: true })
        setLocating('idle')
      },
      () => setLocating('failed'),
      { timeout: 15_000, maximumAge: 60_000 },
    )
  }

  return (
    <Stack gap="sm">
      <TextInput
        {...BIG}
        label={order ? tb('booking.deliverySite') : tb('booking.address')}
        placeholder={tb('booking.addressPlaceholder')}
        autoComplete="street-address"
        required
        error={fieldError('address')}
        {...form.register('address')}
      />
      <TextInput
        {...BIG}
        label={tb('booking.landmark')}
        placeholder={tb('booking.landmarkPlaceholder')}
        error={fieldError('landmark')}
        {...form.register('landmark')}
      />
      <ChoiceField
        form={form}
        name="town"
        label={t('form.town')}
        placeholder={t('form.townPlaceholder')}
        options={names.townOptionsOf(service || undefined)}
        error={fieldError('town')}
      />
      <PriceRangeNote service={service} town={town} order={order} />
      {lat !== null ? (
        <Group gap="sm">
          <Text role="status">{tb('booking.pinAdded')}</Text>
          <Button
            variant="subtle"
            onClick={() => {
              form.setValue('lat', null, { shouldDirty: true })
              form.setValue('lng', null, { shouldDirty: true })
            }}
          >
            {tb('booking.pinRemove')}
          </Button>
        </Group>
      ) : (
        <Button variant="default" size="md" onClick={useMyLocation} loading={locating === 'busy'}>
          {tb('booking.useLocation')}
        </Button>
      )}
      {locating === 'failed' ? (
        <Text size="sm" c="red.8" role="alert">
          {tb('booking.locationFailed')}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Step 3, when: Today / Tomorrow / pick a date, and a time of day. The calendar sits in the page, covering nothing. */
export function WhenStep({ form, fieldError, today }: StepFieldsProps) {
  const { t, i18n } = useTranslation('requests')
  const { t: tb } = useTranslation('catalog')
  const { t: td } = useTranslation('requestDetails')
  const date = useWatch({ control: form.control, name: 'service_date' })
  const service = useWatch({ control: form.control, name: 'service' })
  // A material's order: the date is the delivery's (the same field).
  const dateLabel = useOrderUnits(service).length > 0 ? t('form.deliveryDate') : t('form.serviceDate')
  const tomorrow = useMemo(() => dayjs(today).add(1, 'day').format('YYYY-MM-DD'), [today])
  const [picking, setPicking] = useState(date !== '' && date !== today && date !== tomorrow)
  const choice = picking ? 'pick' : date === today ? 'today' : date === tomorrow ? 'tomorrow' : ''
  const setDate = (value: string) => form.setValue('service_date', value, { shouldDirty: true, shouldValidate: true })

  return (
    <Stack gap="sm">
      <fieldset className="request-steps__chips">
        <legend>{dateLabel}</legend>
        <Chip.Group
          value={choice}
          onChange={(v) => {
            const value = v as string
            setPicking(value === 'pick')
            if (value === 'today') setDate(today)
            else if (value === 'tomorrow') setDate(tomorrow)
          }}
        >
          <Group gap="xs">
            <Chip value="today" size="md">
              {tb('booking.today')}
            </Chip>
            <Chip value="tomorrow" size="md">
              {tb('booking.tomorrow')}
            </Chip>
            <Chip value="pick" size="md">
              {tb('booking.pickDate')}
            </Chip>
          </Group>
        </Chip.Group>
      </fieldset>
      {picking ? (
        <DatesProvider settings={{ locale: i18n.language.split('-')[0] ?? 'en', firstDayOfWeek: 1 }}>
          <DatePicker
            aria-label={dateLabel}
            minDate={today}
            maxDate={dayjs(today).add(90, 'day').format('YYYY-MM-DD')}
            value={date || null}
            onChange={(v) => setDate(v ?? '')}
            size="md"
          />
        </DatesProvider>
      ) : null}
      {date ? (
        <Text fw={600} data-testid="request-date">
          {tb('booking.dateChosen', { date: formatDay(date, i18n.language) })}
        </Text>
      ) : null}
      {fieldError('service_date') ? (
        <Text c="red.8" size="sm" role="alert">
          {fieldError('service_date')}
        </Text>
      ) : null}
      <Controller
        control={form.control}
        name="time_window"
        render={({ field }) => (
          <fieldset className="request-steps__chips">
            <legend>{tb('booking.timeWindow')}</legend>
            <Chip.Group value={field.value} onChange={(v) => field.onChange(v)}>
              <Group gap="xs">
                {TIME_WINDOWS.map((w) => (
                  <Chip key={w} value={w} size="md">
                    {td(`window.${w}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {fieldError('time_window') ? (
              <Text c="red.8" size="sm" role="alert">
                {fieldError('time_window')}
              </Text>
            ) : null}
          </fieldset>
        )}
      />
    </Stack>
  )
}

/** A day as the reader's language writes it: "బుధ, 26 నవం". */
export function formatDay(date: string, language: string): string {
  const locale = language === 'te' ? 'te-IN' : language === 'hi' ? 'hi-IN' : 'en-IN'
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

export interface WhoStepProps extends StepFieldsProps {
  signedIn: boolean
}

/** Step 4, who: name and mobile (filled in when signed in). */
export function WhoStep({ form, fieldError, signedIn }: WhoStepProps) {
  const { t } = useTranslation('requests')
  const { t: tb } = useTranslation('catalog')
  return (
    <Stack gap="sm">
      <TextInput
        {...BIG}
        label={t('form.name')}
        autoComplete="name"
        required
        error={fieldError('name')}
        {...form.register('name')}
      />
      <TextInput
        {...BIG}
        label={t('form.phone')}
        description={t('form.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        error={fieldError('phone')}
        {...form.register('phone')}
      />
      <TextInput
        {...BIG}
        label={t('form.email')}
        type="email"
        autoComplete="email"
        error={fieldError('email')}
        {...form.register('email')}
      />
      {signedIn ? <Text size="sm">{tb('booking.signedInNote')}</Text> : null}
    </Stack>
  )
}

export interface ConfirmNumberProps {
  form: RequestForm
  onSignedIn: PhoneConfirmProps['onSignedIn']
}

/**
 * A visitor's optional "confirm your number with a code", below step 4's fields. The sign-in by
 * number has forms of its own, so the modal places this outside the request's form: a form inside a
 * form is not HTML, and its submit event would bubble up and send the request at "Get code".
 */
export function ConfirmNumber({ form, onSignedIn }: ConfirmNumberProps) {
  const { t } = useTranslation('common')
  const { t: tb } = useTranslation('catalog')
  const [confirming, setConfirming] = useState(false)
  if (!hasPhoneConfirm()) return null
  return (
    <div className="request-steps__confirm">
      <Text fw={600}>{tb('booking.confirmTitle')}</Text>
      <Text size="sm">{tb('booking.confirmLead')}</Text>
      {confirming ? (
        <Suspense fallback={<Text role="status">{t('loadingPage')}</Text>}>
          <PhoneConfirm
            initialPhone={form.getValues('phone')}
            initialName={form.getValues('name')}
            onSignedIn={onSignedIn}
          />
        </Suspense>
      ) : (
        <Button variant="default" size="md" onClick={() => setConfirming(true)}>
          {tb('booking.confirmStart')}
        </Button>
      )}
    </div>
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
          {...BIG}
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
