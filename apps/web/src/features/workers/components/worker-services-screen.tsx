import { Badge, Button, Group, Modal, Select, Table, TextInput } from '@mantine/core'
import type { WorkerServicesQuery } from '@townworks/contract'
import { SERVICES, TOWNS, type Service, type Town } from '@townworks/contract/constants'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from '../../../lib/router'
import { useCreateWorker } from '../api/create-worker'
import { useDeleteWorker } from '../api/delete-worker'
import { useWorker } from '../api/get-worker'
import { useWorkerServices } from '../api/get-worker-services'
import { useUpdateWorker } from '../api/update-worker'
import { AvailabilityForm } from './availability-form'
import { describeWorkersError } from './error-text'
import { formatPaise } from './format'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import './workers.css'

// The add/edit form (react-hook-form and the contract's zod schema) arrives after the roster, not before it.
const loadWorkerForm = () => loadWithTimeout(() => import('./worker-form'))
const WorkerForm = lazy(() => loadWorkerForm().then((module) => ({ default: module.WorkerForm })))

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete' | 'hours'; workerId: number; name: string } | null

const isTown = (v: string | null): v is Town => TOWNS.includes(v as Town)
const isService = (v: string | null): v is Service => SERVICES.includes(v as Service)

/** Filters live in the address (?town=&service=&q=), so a filtered view can be shared and survives a reload. */
function useFilters() {
  const [params, setParams] = useSearchParams()
  const town = params.get('town')
  const service = params.get('service')
  const filter: WorkerServicesQuery = {
    ...(isTown(town) ? { town } : {}),
    ...(isService(service) ? { service } : {}),
    ...(params.get('q')?.trim() ? { q: params.get('q')!.trim().slice(0, 64) } : {}),
  }
  const set = useCallback(
    (key: 'town' | 'service' | 'q', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value) next.set(key, value)
          else next.delete(key)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  return { filter, search: params.get('q') ?? '', set, clear: () => setParams({}, { replace: true }) }
}

/**
 * Worker Services Details (/wss): the seed's table of workers and their services, with Edit,
 * Delete (or deactivate) and working hours on each row, Add worker, and filters in the address.
 */
export function WorkerServicesScreen() {
  const { t } = useTranslation('workers')
  const { filter, search, set, clear } = useFilters()
  const list = useWorkerServices(filter)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [announcement, setAnnouncement] = useState('')
  const [typed, setTyped] = useState(search)

  // Fetch the add/edit form's code once the roster is in, so opening a dialog rarely waits for it.
  useEffect(() => {
    if (list.isSuccess) void loadWorkerForm().catch(() => undefined)
  }, [list.isSuccess])

  // Typing updates the address after a short pause, so each key press does not ask the server.
  useEffect(() => {
    if (typed === search) return
    const timer = setTimeout(() => set('q', typed.trim() || null), 300)
    return () => clearTimeout(timer)
  }, [typed, search, set])

  const close = () => setDialog(null)
  const rows = list.data?.workerServices ?? []
  const filtered = Object.keys(filter).length > 0

  return (
    <div className="workers-scope">
      <p role="status" aria-live="polite" className="workers-live">
        {announcement}
      </p>
      <Group justify="space-between" align="flex-end" wrap="wrap" mb="md" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm" role="search" aria-label={t('workerServices.filters')}>
          <Select
            label={t('workerServices.townFilter')}
            placeholder={t('workerServices.allTowns')}
            data={[...TOWNS]}
            value={filter.town ?? null}
            onChange={(value) => set('town', value)}
            clearable
            w={170}
          />
          <Select
            label={t('workerServices.serviceFilter')}
            placeholder={t('workerServices.allServices')}
            data={[...SERVICES]}
            value={filter.service ?? null}
            onChange={(value) => set('service', value)}
            clearable
            searchable
            w={260}
          />
          <TextInput
            label={t('workerServices.search')}
            placeholder={t('workerServices.searchPlaceholder')}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            w={220}
          />
          {filtered ? (
            <Button
              variant="subtle"
              onClick={() => {
                setTyped('')
                clear()
              }}
            >
              {t('workerServices.clearFilters')}
            </Button>
          ) : null}
        </Group>
        <Button onClick={() => setDialog({ kind: 'add' })}>{t('workerServices.addWorker')}</Button>
      </Group>

      {list.isPending ? (
        <p role="status">{t('workerServices.loading')}</p>
      ) : list.isError ? (
        <div role="alert">
          <p className="workers-form__error">
            {t('errors.load')} {describeWorkersError(list.error, t)}
          </p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p>{filtered ? t('workerServices.noMatch') : t('workerServices.empty')}</p>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching}>
            <Table.Caption>
              {t('workerServices.tableCaption')} · {t('workerServices.count', { count: rows.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('workerServices.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.town')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.service')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.description')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.price')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.phone')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.email')}</Table.Th>
                <Table.Th scope="col">{t('workerServices.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const who = { workerId: row.worker_id, name: row.worker_name }
                return (
                  <Table.Tr
                    key={`${row.worker_id}-${row.service_name}`}
                    className={row.active ? undefined : 'workers-row--inactive'}
                  >
                    <Table.Td>
                      {row.worker_name}{' '}
                      {row.active ? null : (
                        <Badge color="gray.8" variant="filled" size="sm">
                          {t('workerServices.deactivated')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{row.town}</Table.Td>
                    <Table.Td>{row.service_name}</Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td className="workers-nowrap">{formatPaise(row.price_paise)}</Table.Td>
                    <Table.Td className="workers-nowrap">
                      <a href={`tel:${row.phone_number}`}>{row.phone_number}</a>
                    </Table.Td>
                    <Table.Td>{row.email ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="compact-md"
                          variant="outline"
                          aria-label={t('workerServices.editLabel', { name: row.worker_name })}
                          onClick={() => setDialog({ kind: 'edit', ...who })}
                        >
                          {t('workerServices.edit')}
                        </Button>
                        <Button
                          size="compact-md"
                          variant="outline"
                          aria-label={t('workerServices.hoursLabel', { name: row.worker_name })}
                          onClick={() => setDialog({ kind: 'hours', ...who })}
                        >
                          {t('workerServices.hours')}
                        </Button>
                        <Button
                          size="compact-md"
                          variant="outline"
                          color="red.9"
                          aria-label={t('workerServices.deleteLabel', { name: row.worker_name })}
                          onClick={() => setDialog({ kind: 'delete', ...who })}
                        >
                          {t('workerServices.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        onClose={close}
        title={
          dialog?.kind === 'edit' ? t('workerServices.editTitle', { name: dialog.name }) : t('workerServices.addTitle')
        }
        size="lg"
        className="workers-scope"
        closeButtonProps={{ 'aria-label': t('availability.close') }}
      >
        <Suspense fallback={<p role="status">{t('workerServices.loadingForm')}</p>}>
          {dialog?.kind === 'add' ? (
            <AddWorker
              onDone={(message) => {
                setAnnouncement(message)
                close()
              }}
              onCancel={close}
            />
          ) : dialog?.kind === 'edit' ? (
            <EditWorker
              workerId={dialog.workerId}
              onDone={(message) => {
                setAnnouncement(message)
                close()
              }}
              onCancel={close}
            />
          ) : null}
        </Suspense>
      </Modal>

      <Modal
        opened={dialog?.kind === 'hours'}
        onClose={close}
        title={dialog?.kind === 'hours' ? t('workerServices.hoursTitle', { name: dialog.name }) : ''}
        size="lg"
        className="workers-scope"
        closeButtonProps={{ 'aria-label': t('availability.close') }}
      >
        {dialog?.kind === 'hours' ? <AvailabilityForm workerId={dialog.workerId} /> : null}
      </Modal>

      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={dialog?.kind === 'delete' ? t('workerServices.deleteTitle', { name: dialog.name }) : ''}
        className="workers-scope"
        closeButtonProps={{ 'aria-label': t('availability.close') }}
      >
        {dialog?.kind === 'delete' ? (
          <DeleteWorker
            workerId={dialog.workerId}
            name={dialog.name}
            onDone={(message) => {
              setAnnouncement(message)
              close()
            }}
            onCancel={close}
          />
        ) : null}
      </Modal>
    </div>
  )
}

interface DialogBodyProps {
  onDone: (message: string) => void
  onCancel: () => void
}

function AddWorker({ onDone, onCancel }: DialogBodyProps) {
  const create = useCreateWorker()
  return (
    <WorkerForm
      onCancel={onCancel}
      onSubmit={async (body) => {
        const answer = await create.mutateAsync(body)
        onDone(answer.message)
      }}
    />
  )
}

function EditWorker({ workerId, onDone, onCancel }: DialogBodyProps & { workerId: number }) {
  const { t } = useTranslation('workers')
  const worker = useWorker(workerId)
  const update = useUpdateWorker()
  if (worker.isPending) return <p role="status">{t('workerServices.loadingWorker')}</p>
  if (worker.isError) {
    return (
      <div role="alert">
        <p className="workers-form__error">{describeWorkersError(worker.error, t)}</p>
        <Button variant="outline" onClick={() => void worker.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    )
  }
  return (
    <WorkerForm
      initial={worker.data.worker}
      onCancel={onCancel}
      onSubmit={async (body) => {
        const answer = await update.mutateAsync({ workerId, body })
        onDone(answer.message)
      }}
    />
  )
}

function DeleteWorker({ workerId, name, onDone, onCancel }: DialogBodyProps & { workerId: number; name: string }) {
  const { t } = useTranslation('workers')
  const remove = useDeleteWorker()
  const [problem, setProblem] = useState<string | null>(null)
  const handleDelete = async () => {
    setProblem(null)
    try {
      const answer = await remove.mutateAsync(workerId)
      onDone(answer.message)
    } catch (error) {
      setProblem(describeWorkersError(error, t))
    }
  }
  return (
    <>
      <p>{t('workerServices.deleteBody', { name })}</p>
      <p role="alert" className="workers-form__error">
        {problem}
      </p>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={remove.isPending} data-autofocus>
          {t('workerServices.cancel')}
        </Button>
        <Button color="red.9" onClick={() => void handleDelete()} loading={remove.isPending}>
          {t('workerServices.deleteConfirm')}
        </Button>
      </Group>
    </>
  )
}
