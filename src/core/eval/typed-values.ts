/**
 * Text values brought to the types a function declares, for formats that write every value as
 * text (VCP): only where the text reads cleanly as the type (`10` for an integer, `[1, 2]` for an
 * array); anything else stays text, so a checker still sees the type the model got wrong.
 */
import { isRecord, setOwn } from '../own-record'
import { readTextAs, textType } from '../typed-text'
import { standardSchema } from './functions'
import type { EvalFunction } from './types'

/** The arguments with each text value typed by the function's schema for it (no prototype on the result). */
export function typedByFunction(
  args: Readonly<Record<string, string>>,
  fn: EvalFunction | undefined,
): Record<string, unknown> {
  const properties = fn && isRecord(fn.parameters?.properties) ? fn.parameters.properties : {}
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const key of Object.keys(args)) {
    const schema = Object.hasOwn(properties, key) ? standardSchema(properties[key]) : {}
    setOwn(out, key, typedText(args[key] as string, typeof schema.type === 'string' ? schema.type : undefined))
  }
  return out
}

/**
 * One text value as the JSON Schema type given (`integer`, `number`, `boolean`, `array`, `object`),
 * read strictly (typed-text.ts): a number only as JSON writes it; else the text.
 */
export function typedText(text: string, type: string | undefined): unknown {
  if (type === undefined) return text
  const kind = textType(type)
  if (kind === 'null') return text
  const read = readTextAs(text, kind, 'strict')
  return read.ok ? read.value : text
}
