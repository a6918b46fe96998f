/**
 * Every native format, in the order docs and the Parser pane list them: by family, and within a
 * family as its module lists them. A new format is a module in this folder plus one entry in its
 * family's list.
 */
import type { NativeFormat } from '../format'
import { jsonTaggedFormats } from './json-tagged'
import { jsonBareFormats } from './json-bare'
import { xmlInvokeFormats } from './xml-invoke'
import { pythonicFormats } from './pythonic'
import { tokenDelimitedFormats } from './token-delimited'

export const NATIVE_FORMATS: readonly NativeFormat[] = [
  ...jsonTaggedFormats,
  ...jsonBareFormats,
  ...xmlInvokeFormats,
  ...pythonicFormats,
  ...tokenDelimitedFormats,
]
