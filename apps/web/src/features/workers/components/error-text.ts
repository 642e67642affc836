import type { TFunction } from 'i18next'
import { describeApiError, serverDetail } from '../../../lib/api-error-text'

/** What a workers call's failure says, in the screen's words. */
interface WorkersErrorTexts {
  notFound: string
  stale: string
  conflict: (message: string) => string
}

function describeWith(error: unknown, texts: WorkersErrorTexts): string {
  return describeApiError(error, {
    NOT_FOUND: texts.notFound,
    STALE_STATUS: texts.stale,
    // The server's conflict messages name the worker and the reason in plain words (English);
    // in Telugu and Hindi the code's translated text.
    CONFLICT: (e) => texts.conflict(serverDetail(e)),
    DOUBLE_BOOKING: (e) => texts.conflict(serverDetail(e)),
  })
}

/** A workers call's failure (describeApiError), with what is missing named by the screen. */
export function describeWorkersError(error: unknown, t: TFunction<'workers'>, notFound = t('errors.notFound')): string {
  return describeWith(error, {
    notFound,
    stale: t('errors.stale'),
    conflict: (message) => t('errors.conflict', { message }),
  })
}

/** The same on a worker's /my/jobs, whose words are the `myJobs` namespace (decision 047). */
export function describeMyJobsError(error: unknown, t: TFunction<'myJobs'>, notFound = t('errors.notFound')): string {
  return describeWith(error, {
    notFound,
    stale: t('errors.stale'),
    conflict: (message) => t('errors.conflict', { message }),
  })
}
