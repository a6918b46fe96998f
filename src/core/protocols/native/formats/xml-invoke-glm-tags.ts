/** GLM-4.5's tags, and one finder per tag for a reading of one text. */
import { MarkerFinder } from '../marker-search'

/** Opens a call; the tool's name follows it directly. */
export const OPEN = '<tool_call>'
/** Closes a call. */
export const CLOSE = '</tool_call>'
/** Opens an argument's name. */
export const KEY_OPEN = '<arg_key>'
/** Closes an argument's name. */
export const KEY_CLOSE = '</arg_key>'
/** Opens an argument's value, right after its name. */
export const VALUE_OPEN = '<arg_value>'
/** Closes an argument's value. */
export const VALUE_CLOSE = '</arg_value>'

/** A finder per tag; their answers are cached, so one set serves a whole reading. */
export type GlmFinders = Record<'open' | 'close' | 'keyOpen' | 'keyClose' | 'valueOpen' | 'valueClose', MarkerFinder>

/** The finders of every tag in `text`. */
export function glmFinders(text: string): GlmFinders {
  return {
    open: new MarkerFinder(text, OPEN),
    close: new MarkerFinder(text, CLOSE),
    keyOpen: new MarkerFinder(text, KEY_OPEN),
    keyClose: new MarkerFinder(text, KEY_CLOSE),
    valueOpen: new MarkerFinder(text, VALUE_OPEN),
    valueClose: new MarkerFinder(text, VALUE_CLOSE),
  }
}
