import type { Language } from '@townworks/contract/constants'
import type { i18n as I18n } from 'i18next'
import { bundledResources, i18n, localeFiles, SUPPORTED_LANGUAGES } from './i18n'

/**
 * These namespaces in every language, as plain objects: those already loaded as they are, the rest
 * fetched (without switching the language or adding them to i18next). For a search that finds a
 * word in any script whatever language the page is in. A file that fails to arrive is `{}`.
 */
export async function readNamespacesInEveryLanguage<const N extends string>(
  namespaces: readonly N[],
  instance: I18n = i18n,
): Promise<Record<Language, Record<N, Record<string, unknown>>>> {
  const read = async (language: Language, namespace: N): Promise<Record<string, unknown>> => {
    const loaded = instance.getResourceBundle(language, namespace) as Record<string, unknown> | undefined
    if (loaded) return loaded
    const bundled =
      language === 'en' ? (bundledResources.en as Record<string, Record<string, unknown>>)[namespace] : undefined
    if (bundled) return bundled
    const load = localeFiles[`./${language}/${namespace}.json`]
    return load
      ? load().then(
          (module) => module.default,
          () => ({}),
        )
      : {}
  }
  const languages = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => {
      const files = await Promise.all(namespaces.map(async (ns) => [ns, await read(language, ns)] as const))
      return [language, Object.fromEntries(files) as Record<N, Record<string, unknown>>] as const
    }),
  )
  return Object.fromEntries(languages) as Record<Language, Record<N, Record<string, unknown>>>
}
