import { TextInput } from '@mantine/core'
import { useId, useRef, useState, type FocusEvent } from 'react'

export interface ColorFieldProps {
  label: string
  description: string
  /** What is typed, even half a colour (#ee). */
  value: string
  /** The colour shown in the preview: the last one the browser can draw. */
  preview: string
  onChange: (value: string) => void
  /** Offered under the input while it has focus; each is a button named by its value. */
  swatches: readonly string[]
  maw?: number
}

/**
 * A colour typed as text, with named swatches that open under the input while it is in use (like
 * Mantine's ColorInput without its picker), drawn in place rather than in a floating dropdown, so
 * /un does not load Mantine's Popover and floating-ui before it can be used.
 */
export function ColorField({ label, description, value, preview, onChange, swatches, maw }: ColorFieldProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const swatchesId = useId()

  // Focus moving to a swatch keeps the swatches open; anywhere else closes them.
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
  }

  return (
    <div
      ref={root}
      className="color-field"
      style={maw ? { maxWidth: maw } : undefined}
      onBlur={handleBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false)
      }}
    >
      <TextInput
        label={label}
        description={description}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        autoComplete="off"
        spellCheck={false}
        leftSection={<span className="color-field__preview" style={{ backgroundColor: preview }} aria-hidden="true" />}
        // Mantine's dimmed description text is 3.3:1 on white; this grey is 7.6:1.
        styles={{ description: { color: '#4b5563' } }}
      />
      {open ? (
        <div id={swatchesId} className="color-field__swatches" role="group" aria-label={label}>
          {swatches.map((colour) => (
            <button
              key={colour}
              type="button"
              className="color-field__swatch"
              style={{ backgroundColor: colour }}
              aria-label={colour}
              // Keep the focus in the input on a pointer press (Safari would blur it and close the swatches first).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onChange(colour)
                setOpen(false)
              }}
            />
          ))}
        </div>
      ) : null}
    </div>
  )
}
