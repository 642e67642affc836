import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Screen } from '../screen'

const POSTS = ['curing', 'bricks', 'monsoon'] as const

/** Blog (/blog): short posts, newest first. */
export function Component() {
  const { t, i18n } = useTranslation('blog')
  const baseId = useId()
  const formatDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' })
  return (
    <Screen id="blog" lead={t('lead')}>
      {POSTS.map((post) => {
        const headingId = `${baseId}-${post}`
        const date = t(`posts.${post}.date`)
        return (
          <article key={post} className="section post" aria-labelledby={headingId}>
            <h2 id={headingId}>{t(`posts.${post}.title`)}</h2>
            <p className="post__meta">
              <time dateTime={date}>{formatDate.format(new Date(`${date}T00:00:00Z`))}</time>
            </p>
            {t(`posts.${post}.paragraphs`, { returnObjects: true }).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </article>
        )
      })}
    </Screen>
  )
}
