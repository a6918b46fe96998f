/**
 * The start of `JSON.stringify(value)`, written only as far as it is wanted: drawing the first
 * 2,000 characters of a 2.4 MB message should not cost writing all of it (80 ms on a page).
 */

/** `JSON.stringify(value).slice(0, max)`, and whether that is the whole text. Plain JSON data only. */
export function jsonPrefix(value: unknown, max: number): { text: string; complete: boolean } {
  const parts: string[] = []
  let length = 0
  /** false once `max` characters are written: the walk stops there. */
  const write = (piece: string): boolean => {
    parts.push(piece)
    length += piece.length
    return length <= max
  }
  // A string longer than what is left is cut before it is escaped: escaping only lengthens it.
  const writeString = (text: string): boolean => {
    const left = max - length + 1
    return write(JSON.stringify(text.length > left ? text.slice(0, left) : text))
  }

  const walk = (item: unknown, inArray: boolean): boolean => {
    if (item === null || typeof item === 'number' || typeof item === 'boolean')
      return write(JSON.stringify(item) ?? 'null')
    if (typeof item === 'string') return writeString(item)
    if (typeof item !== 'object') return inArray ? write('null') : true
    if (Array.isArray(item)) {
      if (!write('[')) return false
      for (let n = 0; n < item.length; n++) {
        if (n > 0 && !write(',')) return false
        if (!walk(item[n], true)) return false
      }
      return write(']')
    }
    if (!write('{')) return false
    let first = true
    for (const key of Object.keys(item)) {
      const member = (item as Record<string, unknown>)[key]
      // JSON.stringify leaves out what it cannot write (undefined, functions).
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
      if (!first && !write(',')) return false
      first = false
      if (!writeString(key) || !write(':')) return false
      if (!walk(member, false)) return false
    }
    return write('}')
  }

  const complete = walk(value, false)
  const text = parts.join('')
  return complete ? { text, complete: true } : { text: text.slice(0, max), complete: false }
}
