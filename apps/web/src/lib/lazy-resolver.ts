import type { FieldValues, Resolver } from 'react-hook-form'

/** A react-hook-form resolver whose schema (and zod with it) is imported when first wanted. */
export type LazyResolver<In extends FieldValues, Out> = Resolver<In, unknown, Out> & {
  /** Start importing the schema now; a failure is forgotten, so the next check tries again. */
  preload: () => void
}

/**
 * A form's resolver that loads its contract schema and zod's resolver on first use (decision 055):
 * the form paints and takes input without them, and the first check waits for them. `load` is a
 * dynamic import, e.g. `() => import('./schedule-schema').then((m) => m.scheduleResolver)`. Should the
 * import fail, the check passes what was typed: the server checks the same schema and names the fields.
 */
export function lazyResolver<In extends FieldValues, Out>(
  load: () => Promise<Resolver<In, unknown, Out>>,
): LazyResolver<In, Out> {
  let loaded: Promise<Resolver<In, unknown, Out>> | undefined
  const get = () => {
    loaded ??= load()
    loaded.catch(() => {
      loaded = undefined
    })
    return loaded
  }
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => {
    let real: Resolver<In, unknown, Out>
    try {
      real = await get()
    } catch {
      return { values: values as unknown as Out, errors: {} }
    }
    return real(values, context, options)
  }
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) })
}
