import { setOwn } from '../own-record'

/**
 * As deep as the lenient JSON reader goes. JSON.stringify recurses once per level, so a deeper
 * value would overflow the stack; such a field is left out, as a field still cut short is.
 */
const MAX_DEPTH = 256

/**
 * The fields of a JSON object whose text is still streaming in (native tool-call arguments), so
 * a card fills in field by field as it does for VCP blocks. The text so far is closed (an open
 * string, then open brackets) and parsed; when that is not valid JSON (a key without its value,
 * half a number or literal), it is cut back to the last complete top-level field; so it is when a
 * value nests deeper than MAX_DEPTH. Strings show as they are, other values as JSON. Returns null
 * when the text does not begin an object.
 */
export function partialJsonFields(text: string): Record<string, string> | null {
  const start = text.search(/\S/)
  if (start === -1 || text[start] !== '{') return null
  const closers: string[] = []
  let inString = false
  // Where an escape began, while it is still incomplete (a lone `\` or `\u` with fewer than 4 digits).
  let escapeAt = -1
  // Just after the last complete top-level field: its comma.
  let lastField = start + 1
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (escapeAt !== -1) {
        const unicode = text[escapeAt + 1] === 'u'
        if (!unicode || i - escapeAt >= 5) escapeAt = -1
      } else if (c === '\\') escapeAt = i
      else if (c === '"') inString = false
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      if (closers.push(c === '{' ? '}' : ']') > MAX_DEPTH) return fieldsOf(text.slice(start, lastField) + '}') ?? {}
    } else if (c === '}' || c === ']') {
      closers.pop()
      if (closers.length === 0) return fieldsOf(text.slice(start, i + 1))
    } else if (c === ',' && closers.length === 1) lastField = i
  }
  const tail = closers.slice().reverse().join('')
  const open = inString ? (escapeAt !== -1 ? text.slice(start, escapeAt) : text.slice(start)) + '"' : text.slice(start)
  return fieldsOf(open + tail) ?? fieldsOf(text.slice(start, lastField) + '}') ?? {}
}

function fieldsOf(json: string): Record<string, string> | null {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return null
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const fields: Record<string, string> = {}
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    setOwn(fields, key, typeof field === 'string' ? field : JSON.stringify(field))
  }
  return fields
}
