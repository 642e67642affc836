import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent } from 'react'

/**
 * What a form needs of a contract schema: zod's `safeParse` (structurally, so this file loads no zod).
 * The schema itself comes from a module the form imports when it is first wanted (decision 046).
 */
export interface FormSchema<Out> {
  safeParse(
    values: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
}

type FieldErrors<Name extends string> = Partial<Record<Name, { message: string }>>

export interface SchemaFormOptions<Values extends { [Name in keyof Values]: string }, Out> {
  defaultValues: Values
  /** Loads the schema (a dynamic import): started when a field is first focused, awaited by every check. */
  loadSchema: () => Promise<FormSchema<Out>>
}

/**
 * A text form checked with a contract schema, as react-hook-form's zod resolver in `onTouched` mode did
 * (decision 046): a field is checked when it loses focus and, once touched or after a submit, as it
 * changes; a submit checks every field, focuses the first one in error, and hands the schema's parsed
 * values to `onValid`. The schema (and zod with it) is imported when a field is first focused, so the
 * form paints and takes input without it. Should the import fail, the form sends what was typed and the
 * server's answer names the fields (it checks the same schema).
 */
export function useSchemaForm<Values extends { [Name in keyof Values]: string }, Out>({
  defaultValues,
  loadSchema,
}: SchemaFormOptions<Values, Out>) {
  type Name = keyof Values & string
  const [values, setValues] = useState<Values>(defaultValues)
  const [errors, setErrors] = useState<FieldErrors<Name>>({})
  const current = useRef(values)
  const touched = useRef(new Set<Name>())
  const submitted = useRef(false)
  const inputs = useRef(new Map<Name, HTMLInputElement | null>())
  const schema = useRef<{ load: typeof loadSchema; promise: Promise<FormSchema<Out>> } | null>(null)

  const getSchema = useCallback(() => {
    if (schema.current?.load !== loadSchema) {
      const promise = loadSchema()
      schema.current = { load: loadSchema, promise }
      promise.catch(() => {
        if (schema.current?.promise === promise) schema.current = null
      })
    }
    return schema.current.promise
  }, [loadSchema])

  /** Every field's first problem, as the resolver gave them. */
  const problems = useCallback(
    async (of: Values) => {
      const result = (await getSchema()).safeParse(of)
      const found: FieldErrors<Name> = {}
      if (!result.success) {
        for (const issue of result.error.issues) {
          const name = String(issue.path[0] ?? '') as Name
          if (name in of && !found[name]) found[name] = { message: issue.message }
        }
      }
      return { result, found }
    },
    [getSchema],
  )

  const checkField = useCallback(
    (name: Name) => {
      const of = current.current
      problems(of).then(
        ({ found }) => {
          // A later change or a reset has moved on: its own check decides.
          if (current.current !== of) return
          setErrors((previous) => ({ ...previous, [name]: found[name] }))
        },
        () => undefined,
      )
    },
    [problems],
  )

  const register = (name: Name, options: { onChange?: () => void } = {}) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current.set(name, element)
    },
    onFocus: () => void getSchema().catch(() => undefined),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      current.current = { ...current.current, [name]: event.target.value }
      setValues(current.current)
      options.onChange?.()
      if (touched.current.has(name) || submitted.current) checkField(name)
    },
    onBlur: (_event: FocusEvent<HTMLInputElement>) => {
      touched.current.add(name)
      checkField(name)
    },
  })

  const handleSubmit = (onValid: (data: Out) => Promise<void> | void) => async (event?: { preventDefault(): void }) => {
    event?.preventDefault()
    submitted.current = true
    let checked: Awaited<ReturnType<typeof problems>> | null = null
    try {
      checked = await problems(current.current)
    } catch {
      // The schema did not arrive: the server checks the same rules and names the fields.
    }
    if (checked && !checked.result.success) {
      setErrors(checked.found)
      const first = (Object.keys(defaultValues) as Name[]).find((name) => checked.found[name])
      if (first) inputs.current.get(first)?.focus()
      return
    }
    setErrors({})
    await onValid(checked?.result.success ? checked.result.data : (current.current as unknown as Out))
  }

  const reset = (next: Values) => {
    current.current = next
    touched.current.clear()
    submitted.current = false
    setValues(next)
    setErrors({})
  }

  const setError = (name: Name, error: { message: string }) => setErrors((previous) => ({ ...previous, [name]: error }))

  return { values, errors, register, handleSubmit, reset, setError }
}
