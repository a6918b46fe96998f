export interface Truncation {
  text: string
  /** Characters removed from the middle (0 when nothing was cut). */
  omitted: number
  originalLength: number
  /** Characters kept from the start: the first omitted one is at this offset. */
  headLength: number
}

/**
 * Cuts `text` to about `limit` characters, keeping its head and tail and stating the cut in the
 * middle. Head and tail get equal shares; a limit <= 0 means no cut.
 */
export function truncateHeadTail(text: string, limit: number): Truncation {
  if (limit <= 0 || text.length <= limit)
    return { text, omitted: 0, originalLength: text.length, headLength: text.length }
  const headLength = Math.ceil(limit / 2)
  const tailLength = Math.floor(limit / 2)
  const omitted = text.length - headLength - tailLength
  const note = `\n[... ${omitted.toLocaleString('en-US')} characters omitted from the middle ...]\n`
  return {
    text: text.slice(0, headLength) + note + text.slice(text.length - tailLength),
    omitted,
    originalLength: text.length,
    headLength,
  }
}

/**
 * What a result block says about a cut: the executor's (which kept the rest in a variable) or
 * one made while formatting. Undefined when the text is whole.
 */
export function truncationNote(
  result: { truncation?: { keptChars: number; totalChars: number; variable?: string } },
  cut: Truncation,
): string | undefined {
  if (cut.omitted > 0)
    return `kept ${cut.originalLength - cut.omitted} of ${cut.originalLength} characters (head and tail); ${cut.omitted} omitted from the middle`
  const done = result.truncation
  if (!done) return undefined
  return `kept ${done.keptChars} of ${done.totalChars} characters${done.variable ? `; all of it is in variable "${done.variable}"` : ''}`
}
