/**
 * One argument of a GLM-4.5 call, `<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>`: a pair
 * whose closers may be missing (then it ends at the next tag), typed by the tool's schema, else
 * read as JSON when it is JSON, as the reference servers do.
 */
import type { FormatContext, FormatProblem } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { parseLenientJson } from '../../json/lenient-json'
import { earliest } from '../marker-search'
import { keepArgument } from './xml-invoke-common'
import { KEY_CLOSE, KEY_OPEN, VALUE_CLOSE, VALUE_OPEN, type GlmFinders } from './xml-invoke-glm-tags'

/** A value as GLM's servers read it: by its schema, else as JSON when it is JSON, else as text. */
function glmValue(raw: string, schema: JsonSchema | undefined): TypedValue {
  if (schema && ['type', 'anyOf', 'oneOf', 'enum'].some((k) => k in schema)) return typeBySchema(raw, schema)
  const text = raw.trim()
  if (text === '') return { value: text }
  const parsed = parseLenientJson(text)
  return parsed.ok ? { value: parsed.value } : { value: text }
}

/** One `<arg_key>K</arg_key><arg_value>V</arg_value>` pair at `open`, into `args`; returns where reading goes on. */
export function readArgument(
  text: string,
  open: number,
  toolName: string,
  args: Record<string, unknown>,
  problems: FormatProblem[],
  context: FormatContext,
  f: GlmFinders,
): number {
  const n = text.length
  const keyStart = open + KEY_OPEN.length
  const keyClose = f.keyClose.next(keyStart)
  const keyStop = earliest([f.valueOpen, f.close, f.open, f.keyOpen], keyStart, n)
  if (keyClose === -1 || keyClose > keyStop) {
    const where = keyStop >= n ? 'it runs to the end of the text' : 'it was skipped'
    problems.push({
      severity: 'warning',
      code: 'unclosed-parameter',
      message: `an <arg_key> is never closed with </arg_key>; ${where}.`,
      offset: open,
      length: KEY_OPEN.length,
    })
    return keyStop
  }
  const key = text.slice(keyStart, keyClose).trim()
  const keyEnd = keyClose + KEY_CLOSE.length
  let v = skipSpace(text, keyEnd)
  // GLM-4.7 sometimes writes an escaped newline between the pair.
  while (text.startsWith('\\n', v)) v = skipSpace(text, v + 2)
  if (!text.startsWith(VALUE_OPEN, v)) return missingValue(text, open, key, v, problems)
  const valueStart = v + VALUE_OPEN.length
  const [valueEnd, next] = valueBounds(text, v, key, problems, f)
  if (key === '') {
    problems.push({
      severity: 'warning',
      code: 'missing-argument-name',
      message: 'an <arg_key> is empty; its value was skipped.',
      offset: open,
      length: keyEnd - open,
    })
    return next
  }
  const typed = glmValue(text.slice(valueStart, valueEnd), context.tools.parameter(toolName, key))
  keepArgument(args, problems, key, typed, trimSpan(text, valueStart, valueEnd), [open, keyEnd])
  return next
}

/** No `<arg_value>` at `v` after the key: cut off by the end of the text, or missing (reading goes on at `v`). */
function missingValue(text: string, open: number, key: string, v: number, problems: FormatProblem[]): number {
  const n = text.length
  if (v >= n || VALUE_OPEN.startsWith(text.slice(v))) {
    problems.push({
      severity: 'warning',
      code: 'unclosed-parameter',
      message: `the argument "${key}" is cut off by the end of the text before its <arg_value>.`,
      offset: open,
      length: n - open,
    })
    return n
  }
  problems.push({
    severity: 'error',
    code: 'missing-argument-value',
    message: `the argument "${key}" has no <arg_value> after its </arg_key>.`,
    offset: v,
    length: 0,
  })
  return v
}

/** Where the value of the `<arg_value>` at `v` ends and reading goes on: at its closer, else at the next tag. */
function valueBounds(text: string, v: number, key: string, problems: FormatProblem[], f: GlmFinders): [number, number] {
  const n = text.length
  const valueStart = v + VALUE_OPEN.length
  const valueClose = f.valueClose.next(valueStart)
  const valueStop = earliest([f.keyOpen, f.close, f.open], valueStart, n)
  if (valueClose !== -1 && valueClose <= valueStop) return [valueClose, valueClose + VALUE_CLOSE.length]
  const where = valueStop >= n ? 'it runs to the end of the text' : 'it ends where the next tag begins'
  problems.push({
    severity: 'warning',
    code: 'unclosed-parameter',
    message: `the <arg_value> of "${key}" is never closed with </arg_value>; ${where}.`,
    offset: v,
    length: VALUE_OPEN.length,
  })
  return [valueStop, valueStop]
}
