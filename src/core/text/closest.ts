import type { MessageRef } from '../messages/types'

/** Edit distance (insert, delete, substitute: 1 each), stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    previous = current
  }
  return previous[b.length] as number
}

/**
 * Names longer than this get no suggestions: edit distance costs the product of the two lengths,
 * and a model can make a name (a request id in a variable name, say) of any length.
 */
export const MAX_SUGGESTED_NAME = 200

/**
 * The candidates closest to `name` (case-insensitive), best first: at most `limit`, and only
 * those near enough to be a plausible typo (a third of the name's length, at least 2 edits).
 */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  if (name.length > MAX_SUGGESTED_NAME) return []
  const wanted = name.toLowerCase()
  const max = Math.max(2, Math.floor(wanted.length / 3))
  const scored: [string, number][] = []
  const seen = new Set<string>()
  for (const candidate of candidates) {
    if (candidate.length > MAX_SUGGESTED_NAME) continue
    const lower = candidate.toLowerCase()
    if (seen.has(lower)) continue
    seen.add(lower)
    let distance = editDistance(wanted, lower, max)
    // A name that holds the other whole (a missing prefix or suffix) is worth suggesting, last.
    if (distance > max && wanted.length >= 3 && lower.length >= 3 && (lower.includes(wanted) || wanted.includes(lower)))
      distance = max
    if (distance <= max) scored.push([candidate, distance])
  }
  scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
  return scored.slice(0, limit).map(([candidate]) => candidate)
}

/** ` Did you mean "a" or "b"?`, or '' when there is nothing to suggest. */
export function didYouMean(suggestions: string[]): string {
  if (suggestions.length === 0) return ''
  const quoted = suggestions.map((s) => `"${s}"`)
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`
  return ` Did you mean ${list}?`
}

/** `didYouMean` as a message reference, to nest in a message other languages can render. */
export function didYouMeanRef(suggestions: string[]): MessageRef {
  if (suggestions.length === 0) return { id: 'common.empty' }
  const quoted = suggestions.map((s) => `"${s}"`)
  const last = quoted.pop() ?? ''
  if (quoted.length === 0) return { id: 'common.did-you-mean-one', params: { name: last } }
  return {
    id: 'common.did-you-mean-many',
    params: { names: quoted.join(', '), last },
  }
}
