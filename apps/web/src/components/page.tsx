import type { ReactNode } from 'react'

export interface PageProps {
  title: string
  lead?: ReactNode
  children?: ReactNode
}

/** A screen's frame: its one h1, an optional lead paragraph, then the content. */
export function Page({ title, lead, children }: PageProps) {
  return (
    <div className="page">
      <div className="page__intro">
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </div>
      {children}
    </div>
  )
}
