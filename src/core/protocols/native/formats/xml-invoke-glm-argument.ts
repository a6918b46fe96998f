/**
 * One argument of a GLM-4.5 call, `<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>`: a pair
 * whose closers may be missing (then it ends at the next tag), typed by the tool's schema, else
 * read as JSON when it is JSON, as the reference servers do.
 */
import type { FormatContext, FormatProblem } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { parseLenientJson } from '../../json/lenient-json'
import { ref, say } from '../../../messages/say'
import { earliest } from '../marker-search'
import { keepArgument } from './xml-invoke-common'
import { KEY_CLOSE, KEY_OPEN, VALUE_CLOSE, VALUE_OPEN, type GlmFinders } from './xml-invoke-glm-tags'
import { saidProblem } from './said-problem'

const RUNS_TO_END = ref('native.xml.where.runs-to-end')
const NEXT_TAG = ref('native.xml.where.next-tag')
/** Findings said the same wherever they are found: made once and shared. */
const KEY_UNCLOSED_TO_END = say('native.xml.glm.key-unclosed', { where: RUNS_TO_END })
const KEY_UNCLOSED_SKIPPED = say('native.xml.glm.key-unclosed', { where: ref('native.xml.where.skipped') })
const KEY_EMPTY = say('native.xml.glm.key-empty')

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
    problems.push(
      saidProblem(
        'warning',
        'unclosed-parameter',
        keyStop >= n ? KEY_UNCLOSED_TO_END : KEY_UNCLOSED_SKIPPED,
        open,
        KEY_OPEN.length,
      ),
    )
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
    problems.push(saidProblem('warning', 'missing-argument-name', KEY_EMPTY, open, keyEnd - open))
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
    problems.push(
      saidProblem('warning', 'unclosed-parameter', say('native.xml.glm.value-cut', { key }), open, n - open),
    )
    return n
  }
  problems.push(saidProblem('error', 'missing-argument-value', say('native.xml.glm.value-missing', { key }), v, 0))
  return v
}

/** Where the value of the `<arg_value>` at `v` ends and reading goes on: at its closer, else at the next tag. */
function valueBounds(text: string, v: number, key: string, problems: FormatProblem[], f: GlmFinders): [number, number] {
  const n = text.length
  const valueStart = v + VALUE_OPEN.length
  const valueClose = f.valueClose.next(valueStart)
  const valueStop = earliest([f.keyOpen, f.close, f.open], valueStart, n)
  if (valueClose !== -1 && valueClose <= valueStop) return [valueClose, valueClose + VALUE_CLOSE.length]
  const where = valueStop >= n ? RUNS_TO_END : NEXT_TAG
  problems.push(
    saidProblem(
      'warning',
      'unclosed-parameter',
      say('native.xml.glm.value-unclosed', { key, where }),
      v,
      VALUE_OPEN.length,
    ),
  )
  return [valueStop, valueStop]
}
