import { useId } from 'react'
import { useNavigate } from '../../../lib/router'
import './catalog.css'

export interface SearchFormProps {
  label: string
  placeholder: string
  submit: string
}

/**
 * A search box that opens the catalog at its results (/imdDisplay?q=…): the home page's first
 * screen. Plain elements: the search itself loads with the catalog, not with the home page.
 */
export function SearchForm({ label, placeholder, submit }: SearchFormProps) {
  const navigate = useNavigate()
  const inputId = useId()
  return (
    <form
      role="search"
      className="catalog-search"
      onSubmit={(event) => {
        event.preventDefault()
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
        navigate(q ? `/imdDisplay?q=${encodeURIComponent(q)}` : '/imdDisplay')
      }}
    >
      <label className="catalog-search__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="catalog-search__row">
        <input
          id={inputId}
          className="catalog-search__input"
          type="search"
          name="q"
          placeholder={placeholder}
          enterKeyHint="search"
        />
        <button type="submit" className="button button--primary">
          {submit}
        </button>
      </div>
    </form>
  )
}
