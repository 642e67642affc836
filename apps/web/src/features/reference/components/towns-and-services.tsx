import { Button, Group, Stack, Text, Title } from '@mantine/core'
import type { ServiceRow, TownRow } from '@townworks/contract'
import { useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataColumn } from '../../../components/data-table/data-table'
import { QueryState } from '../../../components/query-state'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { useNames, type Names } from '../../../lib/names'
import { servicesQuery, townsQuery } from '../../../lib/shared-api/reference'
import './reference-admin.css'

// The price guide's editor (decision 063) is fetched when the page draws it: not in the page's first load.
// Should it fail to come, the section says so and the rest of the page stays.
const PriceGuideEditor = lazy(() =>
  loadWithTimeout(() => import('./price-guide-editor')).catch(() => ({ default: PriceGuideFailed })),
)

// The two dialogs come when one is opened: the page's first load is the lists (its 200 kB budget).
const ServiceDialog = lazy(() =>
  loadWithTimeout(() => import('./service-dialog'))
    .then((m) => ({ default: m.ServiceDialog }))
    .catch(() => ({ default: DialogFailed })),
)
const TownDialog = lazy(() =>
  loadWithTimeout(() => import('./town-dialog'))
    .then((m) => ({ default: m.TownDialog }))
    .catch(() => ({ default: DialogFailed })),
)

function DialogFailed({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reference')
  return (
    <div role="alert" className="reference-admin__error">
      {t('dialogFailed')}{' '}
      <Button size="compact-sm" variant="default" onClick={onClose}>
        {t('close')}
      </Button>
    </div>
  )
}

function PriceGuideFailed() {
  const { t } = useTranslation('reference')
  return <p role="alert">{t('priceGuideFailed')}</p>
}

type Editing = { kind: 'town'; row?: TownRow } | { kind: 'service'; row?: ServiceRow }
type R = TFunction<'reference'>

// Plain words, the retired ones strong: Mantine's badges fall short of axe's contrast on this theme.
const stateCell = (t: R, active: boolean) => (active ? t('fields.active') : <strong>{t('fields.retired')}</strong>)

/** Columns both lists share: the names in three languages, the state, the place in lists. */
function nameColumns<Row extends TownRow | ServiceRow>(t: R): DataColumn<Row>[] {
  return [
    { id: 'name', header: t('fields.name'), value: (r) => r.name, rowHeader: true, sortable: true },
    {
      id: 'local',
      header: t('fields.nameTe') + ' · ' + t('fields.nameHi'),
      value: (r) => [r.name_te, r.name_hi].filter(Boolean).join(' · ') || '—',
    },
    { id: 'state', header: t('fields.state'), value: (r) => (r.active ? 1 : 0), cell: (r) => stateCell(t, r.active) },
    { id: 'order', header: t('fields.order'), value: (r) => r.sort_order, sortable: true },
  ]
}

function editColumn<Row extends TownRow | ServiceRow>(
  t: R,
  label: (row: Row) => string,
  onEdit: (row: Row) => void,
): DataColumn<Row> {
  return {
    id: 'edit',
    header: t('edit'),
    cell: (r) => (
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => onEdit(r)}
        aria-label={t('editNamed', { name: label(r) })}
      >
        {t('edit')}
      </Button>
    ),
  }
}

function townColumns(t: R, names: Names, total: number, onEdit: (row: TownRow) => void): DataColumn<TownRow>[] {
  const [name, local, state, order] = nameColumns<TownRow>(t)
  return [
    name!,
    local!,
    {
      id: 'offered',
      header: t('towns.offered'),
      value: (r) => r.services.length,
      cell: (r) => t('towns.offeredCount', { count: r.services.length, total }),
    },
    state!,
    order!,
    editColumn(t, (r) => names.town(r.name), onEdit),
  ]
}

function serviceColumns(t: R, names: Names, onEdit: (row: ServiceRow) => void): DataColumn<ServiceRow>[] {
  const [name, local, state, order] = nameColumns<ServiceRow>(t)
  return [
    name!,
    local!,
    { id: 'category', header: t('services.category'), value: (r) => t(`services.${r.category}`), sortable: true },
    {
      id: 'units',
      header: t('services.orderUnits'),
      value: (r) => (r.order_units.length ? t('services.byQuantity') : t('services.asJob')),
      sortable: true,
    },
    {
      id: 'picture',
      header: t('services.picture'),
      value: (r) => (r.has_picture ? t('services.hasPicture') : t('services.noPicture')),
    },
    state!,
    order!,
    editColumn(t, (r) => names.service(r.name), onEdit),
  ]
}

/**
 * /admin/catalog (decision 048): every town and service, retired ones too, with Add and Edit. A saved
 * change refreshes the lists every screen reads, so a new town is offered at once.
 */
export function TownsAndServices() {
  const { t } = useTranslation('reference')
  const names = useNames()
  const towns = useQuery(townsQuery())
  const services = useQuery(servicesQuery())
  const [editing, setEditing] = useState<Editing | null>(null)
  const [saved, setSaved] = useState('')
  const onSaved = (name: string) => {
    setEditing(null)
    setSaved(t('saved', { name }))
  }
  const serviceCount = services.data?.services.length ?? 0
  return (
    <Stack gap="lg">
      <Text>{t('lead')}</Text>
      <p role="status" className="reference-admin__saved">
        {saved}
      </p>
      <section aria-labelledby="towns-heading">
        <Group justify="space-between" mb="xs">
          <Title order={2} id="towns-heading" size="h3">
            {t('towns.heading')}
          </Title>
          <Button onClick={() => setEditing({ kind: 'town' })} disabled={!services.data}>
            {t('towns.add')}
          </Button>
        </Group>
        <QueryState query={towns} loading={t('towns.loading')} errorTitle={t('towns.loadFailed')}>
          {(data) => (
            <DataTable
              columns={townColumns(t, names, serviceCount, (row) => setEditing({ kind: 'town', row }))}
              rows={data.towns}
              rowKey={(r) => r.id}
              label={t('towns.caption', { count: data.towns.length })}
              paramPrefix="towns_"
              minWidth={720}
            />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="services-heading">
        <Group justify="space-between" mb="xs">
          <Title order={2} id="services-heading" size="h3">
            {t('services.heading')}
          </Title>
          <Button onClick={() => setEditing({ kind: 'service' })}>{t('services.add')}</Button>
        </Group>
        <QueryState query={services} loading={t('services.loading')} errorTitle={t('services.loadFailed')}>
          {(data) => (
            <DataTable
              columns={serviceColumns(t, names, (row) => setEditing({ kind: 'service', row }))}
              rows={data.services}
              rowKey={(r) => r.id}
              label={t('services.caption', { count: data.services.length })}
              paramPrefix="services_"
              minWidth={820}
            />
          )}
        </QueryState>
      </section>
      <Suspense fallback={null}>
        <PriceGuideEditor />
      </Suspense>
      <Suspense fallback={editing ? <p role="status">{t('opening')}</p> : null}>
        {editing?.kind === 'town' && services.data ? (
          <TownDialog
            town={editing.row}
            services={services.data.services}
            onClose={() => setEditing(null)}
            onSaved={onSaved}
          />
        ) : null}
        {editing?.kind === 'service' ? (
          <ServiceDialog service={editing.row} onClose={() => setEditing(null)} onSaved={onSaved} />
        ) : null}
      </Suspense>
    </Stack>
  )
}
