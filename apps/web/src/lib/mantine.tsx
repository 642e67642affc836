// Mantine's CSS in `@layer mantine` (see app/styles.css for the layer order); this module is imported
// only by lazy screens, so neither the CSS nor Mantine's JavaScript reaches the shell's first load.
import '@mantine/core/styles.layer.css'
import '@mantine/dates/styles.layer.css'
import { createTheme, MantineProvider, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isLanguage } from './language'

/**
 * TownWorks navy. Mantine fills buttons with shade 6 by default; its blue there is 3.55:1 on
 * white and fails WCAG AA, so the filled shade here is 7 (#1c4f86, 8.4:1 with white text).
 */
export const BRAND_COLORS: MantineColorsTuple = [
  '#eaf1f9',
  '#d3e1f1',
  '#a6c3e3',
  '#769fd1',
  '#4f81c0',
  '#376db3',
  '#2a5f9f',
  '#1c4f86',
  '#163f6c',
  '#12355b',
]

export const FILLED_SHADE = 7

/** The Mantine theme: brand colour, and the shell's font and text colour so both look the same. */
export const mantineTheme = createTheme({
  primaryColor: 'brand',
  colors: { brand: BRAND_COLORS },
  primaryShade: { light: FILLED_SHADE, dark: 8 },
  fontFamily: 'var(--tw-font-family)',
  headings: { fontFamily: 'var(--tw-font-family)' },
  black: '#1f2933',
  defaultRadius: 'md',
  // A person who asked their phone for less motion gets dialogs and menus that appear at once (WCAG 2.3.3).
  respectReducedMotion: true,
})

/**
 * Mantine's default dimmed grey (#868e96, used by descriptions and table captions) and error red
 * (#fa5252) are below 4.5:1 on white: darker shades for every screen, so no screen patches its own.
 */
export const contrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#495057', '--mantine-color-error': '#c92a2a' },
  dark: {},
})

/** Wrap a lazy screen that uses Mantine components in this; the shell itself never does. */
export function MantineScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  // Date pickers speak the person's language: month and weekday names, and the week from Monday.
  // Telugu's and Hindi's names load only when that language is chosen (English is dayjs's own).
  const wanted = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'
  const [loaded, setLoaded] = useState<string>('en')
  useEffect(() => {
    if (wanted === 'en') return
    let current = true
    const load = wanted === 'te' ? import('dayjs/locale/te') : import('dayjs/locale/hi')
    void load.then(() => current && setLoaded(wanted))
    return () => {
      current = false
    }
  }, [wanted])
  const locale = wanted === 'en' ? 'en' : loaded
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme="light" cssVariablesResolver={contrastVariables}>
      <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>
    </MantineProvider>
  )
}
