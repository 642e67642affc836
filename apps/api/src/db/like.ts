/** A LIKE/ILIKE pattern matching `text` anywhere: `%` and `_` typed by a person are literal characters. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
