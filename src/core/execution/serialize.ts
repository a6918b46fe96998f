/** A method's return value as the text a model reads: strings as-is, everything else as JSON. */
export function serializeResult(value: unknown): { ok: true; text: string } | { ok: false; reason: string } {
  if (typeof value === 'string') return { ok: true, text: value }
  if (value === undefined) return { ok: true, text: '' }
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)
    return text === undefined ? { ok: false, reason: `a ${typeof value} has no JSON form` } : { ok: true, text }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}
