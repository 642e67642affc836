import { afterEach, describe, expect, it, vi } from 'vitest'
import en from '../../locales/lazy/pwa/en.json'
import hi from '../../locales/lazy/pwa/hi.json'
import te from '../../locales/lazy/pwa/te.json'
import { noteIfUpdated, SEEN_VERSION_KEY, showUpdatedNote, updatedNoteDecision } from './updated-note'
import { VERSION_MESSAGE, versionOf } from './version'

afterEach(() => {
  document.querySelectorAll('[data-update-note]').forEach((note) => note.remove())
  localStorage.clear()
})

describe('when to say "TownWorks was updated" (decision 065)', () => {
  it('says nothing on a first visit or without a service worker in control, and remembers the version', () => {
    expect(updatedNoteDecision(null, undefined)).toEqual({ show: false })
    expect(updatedNoteDecision(null, 'v1')).toEqual({ show: false, store: 'v1' })
    expect(updatedNoteDecision('v1', undefined)).toEqual({ show: false })
  })

  it('says it once on the first visit a new version serves, and not again', () => {
    expect(updatedNoteDecision('v1', 'v1')).toEqual({ show: false })
    expect(updatedNoteDecision('v1', 'v2')).toEqual({ show: true, store: 'v2' })
    expect(updatedNoteDecision('v2', 'v2')).toEqual({ show: false })
  })

  it('names a build by its precache list: another file or revision, another version', () => {
    const one = [
      { url: 'index.html', revision: 'a' },
      { url: 'assets/index-1.js', revision: null },
    ]
    expect(versionOf(one)).toBe(versionOf([...one]))
    expect(versionOf(one)).not.toBe(versionOf([{ url: 'index.html', revision: 'b' }, one[1]!]))
    expect(versionOf(one)).not.toBe(versionOf([one[0]!, { url: 'assets/index-2.js', revision: null }]))
  })

  it('has its words in every language, same keys', () => {
    expect(Object.keys(te).sort()).toEqual(Object.keys(en).sort())
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort())
    expect(te.updated).toMatch(/[\u0C00-\u0C7F]/)
    expect(hi.updated).toMatch(/[\u0900-\u097F]/)
  })
})

describe('the note', () => {
  it('is a status that takes no focus and closes with its button', async () => {
    const before = document.createElement('button')
    document.body.append(before)
    before.focus()
    const note = showUpdatedNote(en)
    expect(note.getAttribute('role')).toBe('status')
    expect(document.activeElement).toBe(before)
    await vi.waitFor(() => expect(note.textContent).toContain(en.updated))
    const close = note.querySelector('button')
    expect(close?.textContent).toBe(en.dismiss)
    close?.click()
    expect(document.querySelector('[data-update-note]')).toBeNull()
    before.remove()
  })

  function controlledBy(version: string): ServiceWorkerContainer {
    const controller = {
      postMessage: (message: { type: string }, [port]: MessagePort[]) => {
        if (message.type === VERSION_MESSAGE) port?.postMessage({ version })
      },
    }
    return { controller } as unknown as ServiceWorkerContainer
  }

  it('shows on the visit after an update, in the page language, and only then', async () => {
    expect(await noteIfUpdated(controlledBy('v1'))).toBe(false)
    expect(localStorage.getItem(SEEN_VERSION_KEY)).toBe('v1')
    expect(await noteIfUpdated(controlledBy('v1'))).toBe(false)
    document.documentElement.lang = 'te'
    expect(await noteIfUpdated(controlledBy('v2'))).toBe(true)
    document.documentElement.lang = 'en'
    const note = document.querySelector('[data-update-note]')
    await vi.waitFor(() => expect(note?.textContent).toContain(te.updated))
    expect(localStorage.getItem(SEEN_VERSION_KEY)).toBe('v2')
    expect(await noteIfUpdated(controlledBy('v2'))).toBe(false)
  })

  it('says nothing while no service worker controls the page (the first visit)', async () => {
    expect(await noteIfUpdated({ controller: null } as ServiceWorkerContainer)).toBe(false)
    expect(localStorage.getItem(SEEN_VERSION_KEY)).toBeNull()
  })
})
