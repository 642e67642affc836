import { WORKER_PHOTO_MAX_BYTES, WORKER_PHOTO_MAX_SIDE } from '@townworks/contract/worker-profile-rules'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFailure } from '../../../lib/api-error-text'
import { readPhoto } from '../../../lib/photo'
import { useDeleteWorkerPhoto, useSetWorkerPhoto } from '../api/worker-profile'
import { describeWorkersError } from './error-text'

/** Where the photo stands: made smaller, on its way, being removed, or what came of it. */
export type PhotoStep =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'sending' }
  | { kind: 'removing' }
  | { kind: 'done'; text: string }
  | { kind: 'failed'; text: string }

/**
 * A worker's photo on /wss (issue 21): the address shown (the stored one until a change is answered),
 * a chosen file made smaller in the browser (a JPEG of at most WORKER_PHOTO_MAX_SIDE px and
 * WORKER_PHOTO_MAX_BYTES) and sent, and its removal; each step said in words. Once the dialog has
 * closed, an answer still on its way only refreshes the lists (api/worker-profile.ts).
 */
export function useWorkerPhoto(workerId: number, storedUrl: string | null) {
  const { t } = useTranslation('workerForm')
  const { t: tWorkers } = useTranslation('workers')
  const upload = useSetWorkerPhoto()
  const remove = useDeleteWorkerPhoto()
  // The server's answer to a change, until the worker is read again with it.
  const [answered, setAnswered] = useState<{ url: string | null } | null>(null)
  const [step, setStep] = useState<PhotoStep>({ kind: 'idle' })
  // Whether the dialog is still open: what comes after it closed is not told.
  const open = useRef(true)

  useEffect(() => {
    open.current = true
    return () => {
      open.current = false
    }
  }, [])

  /** A refusal in words: not an image, too large, or the shared text of the failure in the sentence. */
  const refusal = (error: unknown, sentence: 'photo.failed' | 'photo.removeFailed') => {
    const failure = apiFailure(error)
    if (failure === 'UNSUPPORTED_MEDIA_TYPE' || failure === 'VALIDATION_FAILED') return t('photo.notImage')
    if (failure === 'PAYLOAD_TOO_LARGE') return t('photo.tooBig')
    return t(sentence, { message: describeWorkersError(error, tWorkers) })
  }

  /** Tell a step, while the dialog is open. */
  const tell = (next: PhotoStep) => {
    if (open.current) setStep(next)
  }

  const choose = async (file: File | undefined) => {
    if (!file) return
    setStep({ kind: 'preparing' })
    // Always redrawn: a phone's 4000 px photo becomes a JPEG of a few tens of KB, turned upright.
    const result = await readPhoto(file, {
      maxSide: WORKER_PHOTO_MAX_SIDE,
      maxBytes: WORKER_PHOTO_MAX_BYTES,
      always: true,
    })
    if (!result.ok) {
      tell({ kind: 'failed', text: t(result.error === 'photoType' ? 'photo.notImage' : 'photo.tooBig') })
      return
    }
    tell({ kind: 'sending' })
    try {
      const answer = await upload.mutateAsync({
        workerId,
        photo: { type: result.photo.type, data: result.photo.data },
      })
      if (open.current) setAnswered({ url: answer.photo_url })
      tell({ kind: 'done', text: t('photo.saved') })
    } catch (error) {
      tell({ kind: 'failed', text: refusal(error, 'photo.failed') })
    }
  }

  const removePhoto = async () => {
    setStep({ kind: 'removing' })
    try {
      await remove.mutateAsync({ workerId })
      if (open.current) setAnswered({ url: null })
      tell({ kind: 'done', text: t('photo.removed') })
    } catch (error) {
      tell({ kind: 'failed', text: refusal(error, 'photo.removeFailed') })
    }
  }

  const busy = step.kind === 'preparing' || step.kind === 'sending' || step.kind === 'removing'
  return { url: answered ? answered.url : storedUrl, step, busy, choose, remove: removePhoto }
}
