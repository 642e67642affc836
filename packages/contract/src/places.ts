// Towns and services as rows (decision 048), zod-free and apart from constants.ts so the web app's
// first load (which reads constants.ts) does not carry them: import '@townworks/contract/places'
// where a form or a filter needs them.

/** What a service supplies: people's work, or material delivered (decision 048). */
export const SERVICE_CATEGORIES = ['labour', 'material'] as const
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number]

/** The longest name of a town or service, in any language. */
export const PLACE_NAME_MAX = 60

/** A town or service named in an address's query (`?town=`): a name of the right length, else undefined; the server checks it is a row. */
export function placeName(value: string | null | undefined): string | undefined {
  const name = value?.trim()
  return name && name.length <= PLACE_NAME_MAX ? name : undefined
}
