import type { WorkerLanguage } from '@townworks/contract'
import { WORKER_LANGUAGE_NAMES } from '@townworks/contract/worker-profile-rules'
import { Fragment } from 'react'

/**
 * The languages a worker speaks, after a label: "Languages: తెలుగు, हिन्दी, اردو". Each name is in its
 * own script (no translation needed) and isolated in its own direction, so Urdu does not reorder
 * the commas around it.
 */
export function LanguageList({ languages, label }: { languages: readonly WorkerLanguage[]; label: string }) {
  return (
    <>
      {label}{' '}
      {languages.map((language, i) => (
        <Fragment key={language}>
          {i > 0 ? ', ' : null}
          <bdi lang={language}>{WORKER_LANGUAGE_NAMES[language]}</bdi>
        </Fragment>
      ))}
    </>
  )
}
