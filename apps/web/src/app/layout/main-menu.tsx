import type { Role } from '@townworks/contract'
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from '../../lib/router'
import { useIsWideViewport } from '../../lib/use-media-query'
import { menuForRole, type MenuEntry } from './menu-items'

export interface MainMenuProps {
  items: readonly MenuEntry[]
  /** The current user's role; undefined for a visitor. Entries with `roles` are shown only to those roles. */
  role?: Role | undefined
}

/**
 * The main menu, a disclosure menu: each top entry is a link, and an entry with a submenu has a
 * button beside it (aria-expanded, aria-controls) that shows and hides it. Above 960 px a mouse
 * hovering an entry opens its submenu and leaving closes it; at or below 960 px the whole list sits
 * behind a "Menu" button and submenus open by click. A click outside, Escape or a navigation closes.
 */
export function MainMenu({ items, role }: MainMenuProps) {
  const { t } = useTranslation('menu')
  const isWide = useIsWideViewport()
  const { pathname } = useLocation()
  // Which submenu is open, and whether a hovering mouse opened it or its button did.
  const [open, setOpen] = useState<{ id: string; via: OpenedVia } | null>(null)
  const [isPanelOpen, setIsPanelOpen] = useState(false)
  const navRef = useRef<HTMLElement>(null)
  const panelToggleRef = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const visibleItems = useMemo(() => menuForRole(items, role), [items, role])

  // A navigation or a switch between the wide and narrow layouts starts from a closed menu.
  const [shownFor, setShownFor] = useState({ pathname, isWide })
  if (shownFor.pathname !== pathname || shownFor.isWide !== isWide) {
    setShownFor({ pathname, isWide })
    setOpen(null)
    setIsPanelOpen(false)
  }

  const isAnythingOpen = open !== null || isPanelOpen
  useEffect(() => {
    if (!isAnythingOpen) return
    function handleDocumentClick(event: MouseEvent) {
      if (event.target instanceof Node && navRef.current?.contains(event.target)) return
      setOpen(null)
      setIsPanelOpen(false)
    }
    document.addEventListener('click', handleDocumentClick)
    return () => document.removeEventListener('click', handleDocumentClick)
  }, [isAnythingOpen])

  function handleNavKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Escape inside an open submenu is handled (and stopped) by that entry first.
    if (event.key === 'Escape' && isPanelOpen) {
      setIsPanelOpen(false)
      panelToggleRef.current?.focus()
    }
  }

  function setEntryOpen(id: string, isOpen: boolean, via: OpenedVia) {
    setOpen((current) => (isOpen ? { id, via } : current?.id === id ? null : current))
  }

  return (
    <nav ref={navRef} className="main-menu" aria-label={t('navLabel')} onKeyDown={handleNavKeyDown}>
      {isWide ? null : (
        <button
          ref={panelToggleRef}
          type="button"
          className="main-menu__panel-toggle"
          aria-expanded={isPanelOpen}
          aria-controls={listId}
          onClick={() => setIsPanelOpen((open) => !open)}
        >
          <MenuIcon />
          {t('menuButton')}
        </button>
      )}
      <ul id={listId} className="main-menu__list" hidden={!isWide && !isPanelOpen}>
        {visibleItems.map((entry) => (
          <MainMenuEntry
            key={entry.id}
            entry={entry}
            isOpen={open?.id === entry.id}
            openedVia={open?.id === entry.id ? open.via : undefined}
            isWide={isWide}
            onOpenChange={(isOpen, via) => setEntryOpen(entry.id, isOpen, via)}
          />
        ))}
      </ul>
    </nav>
  )
}

type OpenedVia = 'hover' | 'button'

interface MainMenuEntryProps {
  entry: MenuEntry
  isOpen: boolean
  openedVia: OpenedVia | undefined
  isWide: boolean
  onOpenChange: (open: boolean, via: OpenedVia) => void
}

/**
 * What one top entry does with a mouse, its button and the keyboard: hover opens and leaving closes
 * (wide screens), the button toggles, ArrowDown moves into the submenu and the arrows, Home and End
 * walk it, Escape closes it and returns to the button, focus leaving the entry closes it.
 */
function useMenuEntryHandlers({ isOpen, openedVia, onOpenChange }: Omit<MainMenuEntryProps, 'entry' | 'isWide'>) {
  const toggleRef = useRef<HTMLButtonElement>(null)
  const submenuRef = useRef<HTMLUListElement>(null)

  function submenuLinks(): HTMLAnchorElement[] {
    return Array.from(submenuRef.current?.querySelectorAll('a') ?? [])
  }

  function handlePointerEnter(event: PointerEvent<HTMLLIElement>) {
    if (event.pointerType === 'mouse' && !isOpen) onOpenChange(true, 'hover')
  }

  function handlePointerLeave(event: PointerEvent<HTMLLIElement>) {
    if (event.pointerType === 'mouse') onOpenChange(false, 'hover')
  }

  function handleToggleClick() {
    // A mouse reaching the button has already opened the submenu by hovering: clicking it then
    // keeps it open rather than closing it under the pointer. Otherwise the button toggles.
    if (isOpen && openedVia === 'hover') onOpenChange(true, 'button')
    else onOpenChange(!isOpen, 'button')
  }

  function handleItemKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault()
      event.stopPropagation()
      onOpenChange(false, 'button')
      toggleRef.current?.focus()
    }
  }

  function handleToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Enter and Space press the button (a click); ArrowDown opens and moves into the submenu.
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      flushSync(() => onOpenChange(true, 'button'))
      submenuLinks()[0]?.focus()
    }
  }

  function handleSubmenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const links = submenuLinks()
    const index = links.findIndex((link) => link === document.activeElement)
    if (index === -1) return
    const target =
      event.key === 'ArrowDown'
        ? links[(index + 1) % links.length]
        : event.key === 'ArrowUp'
          ? index === 0
            ? toggleRef.current
            : links[index - 1]
          : event.key === 'Home'
            ? links[0]
            : event.key === 'End'
              ? links[links.length - 1]
              : undefined
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }

  function handleBlur(event: FocusEvent<HTMLLIElement>) {
    // Only when focus really moved elsewhere (Tab): a null relatedTarget happens on a mouse
    // click in some browsers, and closing then would swallow the click on a submenu link.
    const next = event.relatedTarget
    if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) onOpenChange(false, 'button')
  }

  return {
    toggleRef,
    submenuRef,
    handlePointerEnter,
    handlePointerLeave,
    handleToggleClick,
    handleItemKeyDown,
    handleToggleKeyDown,
    handleSubmenuKeyDown,
    handleBlur,
  }
}

function MainMenuEntry({ entry, isOpen, openedVia, isWide, onOpenChange }: MainMenuEntryProps) {
  const { t } = useTranslation('menu')
  const submenuId = useId()
  const label = t(entry.labelKey)
  const children = entry.children ?? []
  const hasSubmenu = children.length > 0
  const {
    toggleRef,
    submenuRef,
    handlePointerEnter,
    handlePointerLeave,
    handleToggleClick,
    handleItemKeyDown,
    handleToggleKeyDown,
    handleSubmenuKeyDown,
    handleBlur,
  } = useMenuEntryHandlers({ isOpen, openedVia, onOpenChange })

  return (
    <li
      className="main-menu__item"
      data-open={hasSubmenu ? isOpen : undefined}
      onPointerEnter={isWide && hasSubmenu ? handlePointerEnter : undefined}
      onPointerLeave={isWide && hasSubmenu ? handlePointerLeave : undefined}
      onKeyDown={hasSubmenu ? handleItemKeyDown : undefined}
      onBlur={hasSubmenu ? handleBlur : undefined}
    >
      <div className="main-menu__row">
        <NavLink to={entry.to} className="main-menu__link">
          {label}
        </NavLink>
        {hasSubmenu ? (
          <button
            ref={toggleRef}
            type="button"
            className="main-menu__toggle"
            aria-expanded={isOpen}
            aria-controls={submenuId}
            aria-label={t('submenuToggle', { label })}
            onClick={handleToggleClick}
            onKeyDown={handleToggleKeyDown}
          >
            <ChevronIcon />
          </button>
        ) : null}
      </div>
      {hasSubmenu ? (
        <ul
          ref={submenuRef}
          id={submenuId}
          className="main-menu__submenu"
          hidden={!isOpen}
          onKeyDown={handleSubmenuKeyDown}
        >
          {children.map((child) => (
            <li key={child.id}>
              <NavLink to={child.to} className="main-menu__sublink">
                {t(child.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function ChevronIcon() {
  return (
    <svg className="main-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M2 4.5 6 8.5 10 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  )
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
