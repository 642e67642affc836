import { Button, Group } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/query-state'
import { workerServicesCsvUrl } from '../api/export-worker-services'
import { useWorkerServices } from '../api/get-worker-services'
import { describeWorkersError } from './error-text'
import { loadWorkerForm, WorkerDialogs, type WorkerDialog } from './worker-dialogs'
import { WorkerFilters } from './worker-filters'
import { WorkerServicesTable } from './worker-services-table'
import { useWorkerFilters } from './use-worker-filters'
import './workers.css'

/**
 * Worker Services Details (/wss): the seed's table of workers and their services, with Edit,
 * Delete (or deactivate) and working hours on each row, Add worker, and filters in the address.
 */
export function WorkerServicesScreen() {
  const { t } = useTranslation('workers')
  const { filter, search, set, clear } = useWorkerFilters()
  const list = useWorkerServices(filter)
  const [dialog, setDialog] = useState<WorkerDialog>(null)
  const [announcement, setAnnouncement] = useState('')

  // Fetch the add/edit form's code once the roster is in, so opening a dialog rarely waits for it.
  useEffect(() => {
    if (list.isSuccess) void loadWorkerForm().catch(() => undefined)
  }, [list.isSuccess])

  const filtered = Object.keys(filter).length > 0

  return (
    <div className="workers-scope">
      <p role="status" aria-live="polite" className="workers-live">
        {announcement}
      </p>
      <Group justify="space-between" align="flex-end" wrap="wrap" mb="md" gap="sm">
        <WorkerFilters filter={filter} search={search} onChange={set} onClear={clear} />
        <Button onClick={() => setDialog({ kind: 'add' })}>{t('workerServices.addWorker')}</Button>
      </Group>

      <QueryState
        query={list}
        loading={t('workerServices.loading')}
        errorTitle={t('errors.load')}
        describeError={(error) => describeWorkersError(error, t)}
        isEmpty={(data) => data.workerServices.length === 0}
        empty={filtered ? t('workerServices.noMatch') : t('workerServices.empty')}
      >
        {(data) => (
          <WorkerServicesTable
            rows={data.workerServices}
            busy={list.isFetching}
            onOpen={setDialog}
            exportFile={{
              href: workerServicesCsvUrl(filter),
              fileName: 'worker-services.csv',
              label: t('workerServices.exportCsv'),
              beforeDownload: () => list.refetch(),
            }}
          />
        )}
      </QueryState>

      <WorkerDialogs dialog={dialog} onClose={() => setDialog(null)} onDone={setAnnouncement} />
    </div>
  )
}
