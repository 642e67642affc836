import { Checkbox, NumberInput, TextInput } from '@mantine/core'
import { PLACE_NAME_MAX } from '@townworks/contract/places'
import { useTranslation } from 'react-i18next'
import type { PlaceDraft, usePlaceForm } from './use-place-form'

type PlaceForm = Pick<ReturnType<typeof usePlaceForm<PlaceDraft>>, 'draft' | 'set' | 'fieldErrors'>

/** The fields a town and a service share: the names in three languages, the place in lists, in use or retired. */
export function PlaceFields({ form }: { form: PlaceForm }) {
  const { t } = useTranslation('reference')
  const { draft, set, fieldErrors } = form
  return (
    <>
      <TextInput
        label={t('fields.name')}
        description={t('fields.nameHint')}
        required
        maxLength={PLACE_NAME_MAX}
        autoComplete="off"
        value={draft.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={fieldErrors.name}
      />
      <TextInput
        label={t('fields.nameTe')}
        description={t('fields.translatedHint')}
        lang="te"
        maxLength={PLACE_NAME_MAX}
        autoComplete="off"
        value={draft.name_te}
        onChange={(e) => set('name_te', e.currentTarget.value)}
        error={fieldErrors.name_te}
      />
      <TextInput
        label={t('fields.nameHi')}
        description={t('fields.translatedHint')}
        lang="hi"
        maxLength={PLACE_NAME_MAX}
        autoComplete="off"
        value={draft.name_hi}
        onChange={(e) => set('name_hi', e.currentTarget.value)}
        error={fieldErrors.name_hi}
      />
      <NumberInput
        label={t('fields.order')}
        description={t('fields.orderHint')}
        min={0}
        max={9999}
        allowDecimal={false}
        allowNegative={false}
        value={draft.sort_order}
        onChange={(value) => set('sort_order', typeof value === 'number' ? value : Number(value) || 0)}
        error={fieldErrors.sort_order}
      />
      <Checkbox
        label={t('fields.active')}
        description={t('fields.activeHint')}
        checked={draft.active}
        onChange={(e) => set('active', e.currentTarget.checked)}
      />
    </>
  )
}
