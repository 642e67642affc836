import { useTranslation } from 'react-i18next'

export interface TablePagerProps {
  page: number
  pages: number
  onPage: (page: number) => void
}

/** Previous / "Page 2 of 5" / Next under a table; nothing when everything fits on one page. */
export function TablePager({ page, pages, onPage }: TablePagerProps) {
  const { t } = useTranslation('common')
  if (pages <= 1) return null
  return (
    <nav className="data-table__pager" aria-label={t('table.pages')}>
      <button type="button" className="data-table__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('table.previous')}
      </button>
      <span aria-live="polite">{t('table.pageOf', { page, pages })}</span>
      <button type="button" className="data-table__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('table.next')}
      </button>
    </nav>
  )
}
