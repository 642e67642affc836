import { Button, Group, Modal } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n'
import { loadWithTimeout } from '../../../lib/lazy-with-timeout'
import { QueryState } from '../../../components/query-state'
import { useCreateWorker } from '../api/create-worker'
import { useDeleteWorker } from '../api/delete-worker'
import { useWorker } from '../api/get-worker'
import { useUpdateWorker } from '../api/update-worker'
import { AvailabilityForm } from './availability-form'
import { describeWorkersError } from './error-text'
import type * as ReviewsModule from './worker-reviews-dialog'

// The add/edit form (react-hook-form and the contract's zod schema), the worker's photo and their words
// (the workerForm namespace, and the quotes' unit words for a material's price per unit) arrive after the
// roster, not before it: /wss and /swl paint without them.
export const loadWorkerForm = () =>
  loadWithTimeout(() =>
    Promise.all([import('./worker-form'), i18n.loadNamespaces(['workerForm', 'quotes']).catch(() => undefined)]).then(
      ([module]) => module,
    ),
  )
const WorkerForm = lazy(() => loadWorkerForm().then((module) => ({ default: module.WorkerForm })))
const WorkerPhoto = lazy(() => loadWorkerForm().then((module) => ({ default: module.WorkerPhoto })))

// The reviews (issue 21) load on the press of Reviews (warmed when a pointer or the keyboard reaches it):
// /wss paints without them.
let reviewsModule: Promise<typeof ReviewsModule> | undefined
export const loadWorkerReviews = () => {
  reviewsModule ??= loadWithTimeout(() => import('./worker-reviews-dialog'))
  reviewsModule.catch(() => {
    reviewsModule = undefined
  })
  return reviewsModule
}
const WorkerReviews = lazy(() => loadWorkerReviews().then((module) => ({ default: module.WorkerReviews })))

/** Which dialog of the roster is open, and for whom. */
export type WorkerDialog =
  { kind: 'add' } | { kind: 'edit' | 'delete' | 'hours' | 'reviews'; workerId: number; name: string } | null

export interface WorkerDialogsProps {
  dialog: WorkerDialog
  onClose: () => void
  /** A change was saved: the server's sentence, to announce. */
  onDone: (message: string) => void
}

/** The roster's dialogs: add or edit a worker, their working hours, their reviews, and delete (or deactivate). */
export function WorkerDialogs({ dialog, onClose: close, onDone }: WorkerDialogsProps) {
  const { t } = useTranslation('workers')
  const done = (message: string) => {
    onDone(message)
    close()
  }
  return (
    <>
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
            <AddWorker onDone={done} onCancel={close} />
          ) : dialog?.kind === 'edit' ? (
            <EditWorker workerId={dialog.workerId} onDone={done} onCancel={close} />
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
        opened={dialog?.kind === 'reviews'}
        onClose={close}
        title={dialog?.kind === 'reviews' ? t('reviews.title', { name: dialog.name }) : ''}
        size="lg"
        className="workers-scope"
        closeButtonProps={{ 'aria-label': t('availability.close') }}
      >
        {dialog?.kind === 'reviews' ? (
          <Suspense fallback={<p role="status">{t('reviews.opening')}</p>}>
            <WorkerReviews workerId={dialog.workerId} />
          </Suspense>
        ) : null}
      </Modal>

      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={dialog?.kind === 'delete' ? t('workerServices.deleteTitle', { name: dialog.name }) : ''}
        className="workers-scope"
        closeButtonProps={{ 'aria-label': t('availability.close') }}
      >
        {dialog?.kind === 'delete' ? (
          <DeleteWorker workerId={dialog.workerId} name={dialog.name} onDone={done} onCancel={close} />
        ) : null}
      </Modal>
    </>
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
  return (
    <QueryState
      query={worker}
      loading={t('workerServices.loadingWorker')}
      describeError={(error) => describeWorkersError(error, t)}
    >
      {(data) => (
        <>
          <WorkerPhoto worker={data.worker} />
          <WorkerForm
            initial={data.worker}
            onCancel={onCancel}
            onSubmit={async (body) => {
              const answer = await update.mutateAsync({ workerId, body })
              onDone(answer.message)
            }}
          />
        </>
      )}
    </QueryState>
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
