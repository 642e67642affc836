import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core'
import type { OrderUnit, PhotoUpload, ServiceCategory, ServiceRow } from '@townworks/contract'
import { SERVICE_CATEGORIES } from '@townworks/contract/places'
import { ORDER_UNITS } from '@townworks/contract/quote-units'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../../lib/names'
import { readPhoto } from '../../../lib/photo'
import { useCreateService } from '../api/create-service'
import { useSetServicePicture } from '../api/set-service-picture'
import { useUpdateService } from '../api/update-service'
import { PlaceFields } from './place-fields'
import { placeDraftOf, usePlaceForm, type PlaceDraft } from './use-place-form'

export interface ServiceDialogProps {
  /** The service to edit; a new one when undefined. */
  service: ServiceRow | undefined
  onClose: () => void
  onSaved: (name: string) => void
}

/** The card picture: a file chosen, read as the API takes it (made smaller when too big), or why not. */
function usePicture() {
  const [picture, setPicture] = useState<(PhotoUpload & { name: string }) | null>(null)
  const [error, setError] = useState<'pictureType' | 'pictureTooBig' | null>(null)
  const choose = async (file: File | undefined) => {
    setError(null)
    setPicture(null)
    if (!file) return
    const result = await readPhoto(file)
    if (result.ok) setPicture(result.photo)
    else setError(result.error === 'photoType' ? 'pictureType' : 'pictureTooBig')
  }
  return { picture, error, choose }
}

/**
 * The units a service is ordered in (decision 069), ticked in any order: the first ticked stays the
 * usual one, a unit unticked leaves the others in their order.
 */
function OrderUnitsField({
  value,
  onChange,
  error,
}: {
  value: readonly OrderUnit[]
  onChange: (units: OrderUnit[]) => void
  error: string | undefined
}) {
  const { t } = useTranslation(['reference', 'quotes'])
  const hintId = useId()
  const toggle = (unit: OrderUnit, on: boolean) =>
    onChange(on ? [...value.filter((u) => u !== unit), unit] : value.filter((u) => u !== unit))
  return (
    <fieldset className="reference-admin__units" aria-describedby={hintId}>
      <legend className="reference-admin__label">{t('services.unitsLegend')}</legend>
      <p id={hintId} className="reference-admin__hint">
        {t('services.unitsHint')}
      </p>
      {ORDER_UNITS.map((unit) => (
        <label key={unit} className="reference-admin__unit">
          <input
            type="checkbox"
            checked={value.includes(unit)}
            onChange={(e) => toggle(unit, e.currentTarget.checked)}
          />{' '}
          {t(`quotes:units.name.${unit}`)}
        </label>
      ))}
      {error ? (
        <p role="alert" className="reference-admin__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * Add or edit a service: its names, kind (labour or material), the units it is ordered in, place in
 * lists, in use or retired, and card picture.
 */
export function ServiceDialog({ service, onClose, onSaved }: ServiceDialogProps) {
  const { t } = useTranslation('reference')
  const names = useNames()
  const fileId = useId()
  const form = usePlaceForm<PlaceDraft & { category: ServiceCategory; order_units: OrderUnit[] }>({
    ...placeDraftOf(service),
    category: service?.category ?? 'labour',
    order_units: [...(service?.order_units ?? [])],
  })
  const picture = usePicture()
  const create = useCreateService()
  const update = useUpdateService()
  const setPicture = useSetServicePicture()
  const busy = create.isPending || update.isPending || setPicture.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!form.check()) return
    const body = { ...form.draft, name: form.draft.name.trim() }
    // The picture goes after the row is saved: a new service has no id before.
    const saved = (row: ServiceRow) => {
      if (!picture.picture) return onSaved(row.name)
      const { type, data } = picture.picture
      setPicture.mutate({ id: row.id, type, data }, { onSuccess: () => onSaved(row.name), onError: form.fail })
    }
    if (service) update.mutate({ id: service.id, ...body }, { onSuccess: saved, onError: form.fail })
    else create.mutate(body, { onSuccess: saved, onError: form.fail })
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={service ? t('services.editTitle', { name: names.service(service.name) }) : t('services.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Stack gap="sm">
          <PlaceFields form={form} />
          <Radio.Group
            label={t('services.category')}
            value={form.draft.category}
            onChange={(value) => form.set('category', value as ServiceCategory)}
            error={form.fieldErrors.category}
          >
            <Group mt="xs">
              {SERVICE_CATEGORIES.map((c) => (
                <Radio key={c} value={c} label={t(`services.${c}`)} />
              ))}
            </Group>
          </Radio.Group>
          <OrderUnitsField
            value={form.draft.order_units}
            onChange={(units) => form.set('order_units', units)}
            error={form.fieldErrors.order_units}
          />
          <div>
            <label htmlFor={fileId} className="reference-admin__label">
              {t('services.pictureChoose')}
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => void picture.choose(e.currentTarget.files?.[0])}
            />
            {picture.picture ? (
              <Text size="sm">{t('services.pictureChosen', { name: picture.picture.name })}</Text>
            ) : null}
            {picture.error || form.fieldErrors.data ? (
              <Text size="sm" c="red.8" role="alert">
                {picture.error ? t(`services.${picture.error}`) : form.fieldErrors.data}
              </Text>
            ) : null}
          </div>
          <p role="alert" className="reference-admin__error">
            {form.error}
          </p>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={picture.error !== null}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
