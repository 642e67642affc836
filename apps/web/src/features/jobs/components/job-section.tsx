import { useId, type ReactNode } from 'react'

/** One panel of the job view: a titled section (h3, under the job's h2), its heading naming it. */
export function JobSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section className="job-section" aria-labelledby={id}>
      <div className="job-section__head">
        <h3 id={id} className="job-section__title">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  )
}
