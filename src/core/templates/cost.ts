/**
 * What work on values costs. A node the interpreter evaluates is one step, but `list + [x]`,
 * `text.split()`, `tojson` or `a == b` touch every item or character of their operands, so they are
 * charged by size: characters a native string routine scans or copies, items a loop visits or copies,
 * values a recursive walk enters or a routine makes. Work is charged before it is done where its size
 * is known, so a render stops before a huge copy rather than after it. The prices make a step of any
 * kind take about as long as a plain loop iteration (limits.ts says how they were measured); they are
 * counts, so a render stops at the same point on every machine.
 *
 * Values do not know the render they belong to, so the render under way is an ambient meter here, set
 * for the length of one render as a Vue effect scope is; outside a render, work is free.
 */
import { limitError } from './failure'
import type { Budget } from './limits'
import { Markup, DictView, type Value } from './values'

/** A step, in the units work is priced in. */
export const STEP_UNITS = 64
/** A character scanned or copied by a native string routine (indexOf, split, toLowerCase, a copy). */
export const CHAR_UNITS = 1
/** An item a loop visits, compares or copies (a list element, a dict key, a character taken on its own). */
export const ITEM_UNITS = 16
/**
 * A value a recursive walk enters (repr, tojson, equality, ordering), or one a routine allocates (a
 * string split off, a dict entry or pair copied): about a step.
 */
export const VALUE_UNITS = 96

let meter: Budget | undefined

/** Runs `render` with `budget` paying for the work done on values. */
export function metered<T>(budget: Budget, render: () => T): T {
  const outer = meter
  meter = budget
  try {
    return render()
  } finally {
    meter = outer
  }
}

export function chargeChars(count: number): void {
  meter?.charge(count * CHAR_UNITS)
}

export function chargeItems(count: number): void {
  meter?.charge(count * ITEM_UNITS)
}

export function chargeValues(count: number): void {
  meter?.charge(count * VALUE_UNITS)
}

/** Charges for a value built or read whole: a string by its characters, a container by its items. */
export function chargeSize(value: Value): void {
  if (meter === undefined) return
  if (typeof value === 'string') meter.charge(value.length * CHAR_UNITS)
  else if (value instanceof Markup) meter.charge(value.text.length * CHAR_UNITS)
  else if (Array.isArray(value)) meter.charge(value.length * ITEM_UNITS)
  else if (value instanceof Map) meter.charge(value.size * ITEM_UNITS)
  else if (value instanceof DictView) meter.charge(value.items.length * ITEM_UNITS)
}

/**
 * `text.replace(pattern, ...)` for a global pattern whose every match becomes a piece made by `replace`
 * (an escape, a format field, a date directive), charged two values a piece as it goes. A native replace
 * finds every match before it calls back once, which for a long text is more work than a render may do
 * before it can stop; here the render stops at the piece that runs out of steps or passes the size limit.
 */
export function replaceEach(text: string, pattern: RegExp, replace: (match: RegExpExecArray) => string): string {
  // A copy, as `replace` may call back in here with the same pattern (strftime's %c).
  const regex = new RegExp(pattern)
  const parts: string[] = []
  let length = 0
  let last = 0
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    const piece = replace(match)
    length += match.index - last + piece.length
    if (meter !== undefined) {
      // A value to find the match, one to make its piece.
      meter.charge(2 * VALUE_UNITS)
      if (length > meter.sizeLimit)
        throw limitError(`a value of more than ${meter.sizeLimit} items exceeds the output limit of ${meter.sizeLimit}`)
    }
    parts.push(text.slice(last, match.index), piece)
    last = match.index + match[0].length
    if (match[0] === '') regex.lastIndex++
  }
  if (parts.length === 0) return text
  parts.push(text.slice(last))
  return parts.join('')
}

/** Charges for sorting `count` items: a comparison for each of n·log2(n), whatever order they are in. */
export function chargeSort(count: number): void {
  if (count > 1) chargeValues(count * Math.ceil(Math.log2(count)))
}

/** Charges for padding of `length` characters about to be built; past the size limit the render stops first. */
export function chargeBuilding(length: number): void {
  if (meter === undefined) return
  if (length > meter.sizeLimit)
    throw limitError(`a value of ${length} items exceeds the output limit of ${meter.sizeLimit}`)
  meter.charge(length * CHAR_UNITS)
}

/** Charges for a string or list just built; past the render's size limit the render stops. */
export function chargeBuilt<T extends Value>(value: T): T {
  if (meter === undefined) return value
  chargeSize(value)
  const size =
    typeof value === 'string'
      ? value.length
      : value instanceof Markup
        ? value.text.length
        : Array.isArray(value)
          ? value.length
          : 0
  if (size > meter.sizeLimit)
    throw limitError(`a value of ${size} items exceeds the output limit of ${meter.sizeLimit}`)
  return value
}
