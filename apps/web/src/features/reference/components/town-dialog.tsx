import { Button, Checkbox, Group, Modal, SimpleGrid, Stack } from '@mantine/core'
import type { ServiceRow, TownRow } from '@townworks/contract'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNames } from '../../../lib/names'
import { useCreateTown } from '../api/create-town'
import { useUpdateTown } from '../api/update-town'
import { PlaceFields } from './place-fields'
import { placeDraftOf, usePlaceForm, type PlaceDraft } from './use-place-form'

export interface TownDialogProps {
  /** The town to edit; a new one when undefined. */
  town: TownRow | undefined
  services: readonly ServiceRow[]
  onClose: () => void
  onSaved: (name: string) => void
}

/** Add or edit a town: its names, place in lists, in use or retired, and the services it offers. */
export function TownDialog({ town, services, onClose, onSaved }: TownDialogProps) {
  const { t } = useTranslation('reference')
  const names = useNames()
  const form = usePlaceForm<PlaceDraft & { services: string[] }>({
    ...placeDraftOf(town),
    services: town ? [...town.services] : services.filter((s) => s.active).map((s) => s.name),
  })
  const create = useCreateTown()
  const update = useUpdateTown()
  const busy = create.isPending || update.isPending
  // A retired service stays listed while the town still offers it, so saving does not drop it unasked.
  const choices = services.filter((s) => s.active || form.draft.services.includes(s.name))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!form.check()) return
    const body = { ...form.draft, name: form.draft.name.trim() }
    const done = { onSuccess: () => onSaved(body.name), onError: form.fail }
    if (town) update.mutate({ id: town.id, ...body }, done)
    else create.mutate(body, done)
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={town ? t('towns.editTitle', { name: names.town(town.name) }) : t('towns.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Stack gap="sm">
          <PlaceFields form={form} />
          <Checkbox.Group
            label={t('towns.servicesLegend')}
            value={form.draft.services}
            onChange={(value) => form.set('services', value)}
            error={form.fieldErrors.services}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {choices.map((s) => (
                <Checkbox key={s.id} value={s.name} label={names.service(s.name)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <p role="alert" className="reference-admin__error">
            {form.error}
          </p>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
