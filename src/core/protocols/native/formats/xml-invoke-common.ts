/**
 * What the XML-invoke format definitions have in common: their family's name, values written as
 * text, values typed by the tool's schema, and the bounded look after an opener that `claims` takes.
 */
import type { FormatProblem } from '../format'
import { skipSpace } from '../json-pieces'
import { setOwn } from '../../../own-record'
import { say } from '../../../messages/say'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { startsOrEnds } from './xml-invoke-header'
import { saidProblem } from './said-problem'

/** The family every XML-invoke format is listed under. */
export const FAMILY = 'XML invoke'
/** How far past an opener `claims` looks, white space included. */
export const LOOK = 64

/** A value as a tag holds it: a string as it is, anything else as JSON. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A parameter's value typed by its schema (text when there is none). */
export const bySchema = (raw: string, schema: JsonSchema | undefined): TypedValue => typeBySchema(raw, schema)

/** Whether the opener at `at` is followed (after space, within a bounded look) by `marker`, or the text ends on the way. */
export function followedBy(source: string, at: number, opener: string, marker: string): boolean {
  const from = at + opener.length
  const i = skipSpace(source, from, Math.min(source.length, from + LOOK))
  return startsOrEnds(source, i, marker) && (i < source.length || i - from < LOOK)
}

/**
 * Keeps a parameter's typed value in `args` (a key given again: the last value wins). A value that
 * does not read as its schema says, and a key given twice, each add a warning at their span.
 */
export function keepArgument(
  args: Record<string, unknown>,
  problems: FormatProblem[],
  key: string,
  typed: TypedValue,
  [valueStart, valueEnd]: [number, number],
  [keyStart, keyEnd]: [number, number],
): void {
  if (typed.problem !== undefined) {
    problems.push(
      saidProblem(
        'warning',
        'argument-type',
        say('native.xml.value-not-as-declared', { key, problem: typed.problem }),
        valueStart,
        valueEnd - valueStart,
      ),
    )
  }
  if (Object.prototype.hasOwnProperty.call(args, key)) {
    problems.push(
      saidProblem(
        'warning',
        'duplicate-argument',
        say('native.xml.duplicate-argument', { key }),
        keyStart,
        keyEnd - keyStart,
      ),
    )
  }
  setOwn(args, key, typed.value)
}
