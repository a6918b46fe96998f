/** Writing calls as Python: the text a model that writes pythonic calls would produce. */

/** A JSON value as a Python literal (strings double-quoted, True/False/None). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None'
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`)
      .join(', ')}}`
  return JSON.stringify(String(value))
}

/** `name(key=value, ...)`; a key that is no Python name is still written as given. */
export function pythonCall(name: string, args: Record<string, unknown>): string {
  return `${name}(${Object.entries(args)
    .map(([k, v]) => `${k}=${pythonLiteral(v)}`)
    .join(', ')})`
}
