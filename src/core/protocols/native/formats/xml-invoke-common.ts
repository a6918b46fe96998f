/**
 * What the XML-invoke format definitions have in common: their family's name, values written as
 * text, values typed by the tool's schema, and the bounded look after an opener that `claims` takes.
 */
import { skipSpace } from '../json-pieces'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { startsOrEnds } from './xml-invoke-header'

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
