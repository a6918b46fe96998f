/**
 * GLM-4.5 / GLM-4.6 (zai-org):
 *   <tool_call>get_weather
 *   <arg_key>city</arg_key>
 *   <arg_value>Paris</arg_value>
 *   </tool_call>
 * GLM-4.7 writes the same without the newlines: `<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>`.
 * The name runs from the tag to the first newline or `<arg_key>`. A value is text; with no schema
 * it is read as JSON when it is JSON (`3` is 3, `["a"]` a list), as the reference servers do.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { typeBySchema, type JsonSchema, type TypedValue } from '../tool-hints'
import { parseLenientJson } from '../../json/lenient-json'
import { setOwn } from '../../../own-record'
import { MarkerFinder as Finder, earliest } from '../marker-search'
import { isPlausibleName } from './xml-invoke-reader'
import { ResumeMark } from './resume'

const OPEN = '<tool_call>'
const CLOSE = '</tool_call>'
const KEY_OPEN = '<arg_key>'
const KEY_CLOSE = '</arg_key>'
const VALUE_OPEN = '<arg_value>'
const VALUE_CLOSE = '</arg_value>'
const NAME_MAX = 256

interface Head {
  name: string
  nameEnd: number
  /** Where the arguments begin. */
  body: number
  /** The text ends inside the name. */
  cut: boolean
}

/**
 * The call's head after `<tool_call>` at `open`, or null when what follows is no GLM call
 * (Hermes' `{`, Qwen3-Coder's `<function=`, prose). Bounded look.
 */
function readHead(text: string, open: number): Head | null {
  const start = open + OPEN.length
  const limit = Math.min(text.length, start + NAME_MAX)
  let i = start
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x0a || c === 0x3c) break
    i++
  }
  const raw = text.slice(start, i)
  const name = raw.trimEnd()
  if (i === text.length) {
    // Cut by the end of the text: a name still being written.
    return name !== '' && name === raw && isPlausibleName(name) ? { name, nameEnd: i, body: i, cut: true } : null
  }
  if (i === limit) return null
  if (raw !== '' && /^\s/.test(raw)) return null
  const rest = text.slice(i, i + CLOSE.length)
  const endsName =
    text[i] === '\n' ||
    rest.startsWith(KEY_OPEN) ||
    rest.startsWith(CLOSE) ||
    (i + rest.length === text.length && (KEY_OPEN.startsWith(rest) || CLOSE.startsWith(rest)))
  if (!endsName) return null
  if (name === '') {
    // `<tool_call>` then straight to the arguments: a call with no name (anything else is not GLM's).
    const next = skipSpace(text, i, Math.min(text.length, i + 64))
    return text.startsWith(KEY_OPEN, next) ? { name: '', nameEnd: i, body: i, cut: false } : null
  }
  return isPlausibleName(name) ? { name, nameEnd: start + name.length, body: i, cut: false } : null
}

/** A value as GLM's servers read it: by its schema, else as JSON when it is JSON, else as text. */
function glmValue(raw: string, schema: JsonSchema | undefined): TypedValue {
  if (schema && ['type', 'anyOf', 'oneOf', 'enum'].some((k) => k in schema)) return typeBySchema(raw, schema)
  const text = raw.trim()
  if (text === '') return { value: text }
  const parsed = parseLenientJson(text)
  return parsed.ok ? { value: parsed.value } : { value: text }
}

/**
 * A call is read no further than the next `<tool_call>`, so none lies inside one: a stream may put
 * aside everything up to the end of the last closed call.
 */
function parse(text: string, context: FormatContext): FormatFinding {
  const n = text.length
  const mark = new ResumeMark()
  const f = {
    open: new Finder(text, OPEN),
    close: new Finder(text, CLOSE),
    keyOpen: new Finder(text, KEY_OPEN),
    keyClose: new Finder(text, KEY_CLOSE),
    valueOpen: new Finder(text, VALUE_OPEN),
    valueClose: new Finder(text, VALUE_CLOSE),
  }
  const calls: FoundCall[] = []
  let from = 0
  for (;;) {
    const open = f.open.next(from)
    if (open === -1) break
    const head = readHead(text, open)
    if (!head) {
      from = open + OPEN.length
      continue
    }
    const problems: FormatProblem[] = []
    if (head.name === '')
      problems.push({
        severity: 'error',
        code: 'missing-tool-name',
        message: 'the call names no tool before its first <arg_key>.',
        offset: open,
        length: OPEN.length,
      })
    const args: Record<string, unknown> = {}
    let at = head.body
    let end = n
    let closed = false
    for (;;) {
      const i = skipSpace(text, at)
      if (i >= n) {
        problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          message: 'the call is never closed with </tool_call>; it runs to the end of the text.',
          offset: open,
          length: OPEN.length,
        })
        break
      }
      if (text.startsWith(CLOSE, i)) {
        end = i + CLOSE.length
        closed = true
        break
      }
      if (text.startsWith(OPEN, i)) {
        problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          message: 'the call is never closed with </tool_call>; it ends where the next <tool_call> begins.',
          offset: open,
          length: OPEN.length,
        })
        end = i
        closed = true
        break
      }
      if (text.startsWith(KEY_OPEN, i)) {
        at = readArgument(text, i, head.name, args, problems, context, f)
        continue
      }
      const stop = earliest([f.keyOpen, f.close, f.open], i + 1, n)
      const [s, e] = trimSpan(text, i, stop)
      problems.push({
        severity: 'warning',
        code: 'text-in-call',
        message: 'text inside the call but outside any <arg_key>/<arg_value> pair was ignored.',
        offset: s,
        length: e - s,
      })
      at = stop
    }
    const call: FoundCall = {
      name: head.name,
      nameEnd: head.nameEnd,
      arguments: head.name === '' ? null : args,
      start: open,
      end,
      closed,
      problems,
    }
    calls.push(call)
    mark.block([call], end, closed)
    from = Math.max(end, open + OPEN.length)
  }
  return { calls, problems: [], ...mark.atEnd() }
}

/** One `<arg_key>K</arg_key><arg_value>V</arg_value>` pair at `open`; returns where reading goes on. */
function readArgument(
  text: string,
  open: number,
  toolName: string,
  args: Record<string, unknown>,
  problems: FormatProblem[],
  context: FormatContext,
  f: Record<'open' | 'close' | 'keyOpen' | 'keyClose' | 'valueOpen' | 'valueClose', Finder>,
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
  let v = skipSpace(text, keyClose + KEY_CLOSE.length)
  // GLM-4.7 sometimes writes an escaped newline between the pair.
  while (text.startsWith('\\n', v)) v = skipSpace(text, v + 2)
  if (!text.startsWith(VALUE_OPEN, v)) {
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
  const valueStart = v + VALUE_OPEN.length
  const valueClose = f.valueClose.next(valueStart)
  const valueStop = earliest([f.keyOpen, f.close, f.open], valueStart, n)
  let valueEnd: number
  let next: number
  if (valueClose !== -1 && valueClose <= valueStop) {
    valueEnd = valueClose
    next = valueClose + VALUE_CLOSE.length
  } else {
    valueEnd = valueStop
    next = valueStop
    const where = valueStop >= n ? 'it runs to the end of the text' : 'it ends where the next tag begins'
    problems.push({
      severity: 'warning',
      code: 'unclosed-parameter',
      message: `the <arg_value> of "${key}" is never closed with </arg_value>; ${where}.`,
      offset: v,
      length: VALUE_OPEN.length,
    })
  }
  if (key === '') {
    problems.push({
      severity: 'warning',
      code: 'missing-argument-name',
      message: 'an <arg_key> is empty; its value was skipped.',
      offset: open,
      length: keyClose + KEY_CLOSE.length - open,
    })
    return next
  }
  const typed = glmValue(text.slice(valueStart, valueEnd), context.tools.parameter(toolName, key))
  if (typed.problem !== undefined) {
    const [s, e] = trimSpan(text, valueStart, valueEnd)
    problems.push({
      severity: 'warning',
      code: 'argument-type',
      message: `the value of "${key}" does not read as declared: ${typed.problem}; it is kept as text.`,
      offset: s,
      length: e - s,
    })
  }
  if (Object.prototype.hasOwnProperty.call(args, key)) {
    problems.push({
      severity: 'warning',
      code: 'duplicate-argument',
      message: `"${key}" is given more than once; the last value is kept.`,
      offset: open,
      length: keyClose + KEY_CLOSE.length - open,
    })
  }
  setOwn(args, key, typed.value)
  return next
}

function render(call: RenderableCall): string {
  const pairs = Object.entries(call.arguments).map(
    ([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${typeof v === 'string' ? v : JSON.stringify(v)}</arg_value>\n`,
  )
  return `<tool_call>${call.toolName}\n${pairs.join('')}</tool_call>`
}

export const glm45Format: NativeFormat = {
  id: 'glm45',
  label: 'GLM-4.5',
  family: 'XML invoke',
  models: ['GLM-4.5', 'GLM-4.5-Air', 'GLM-4.6', 'GLM-4.7'],
  openers: [OPEN],
  delimited: true,
  pieces: [
    OPEN,
    CLOSE,
    KEY_OPEN,
    KEY_CLOSE,
    VALUE_OPEN,
    VALUE_CLOSE,
    'get_weather',
    'city',
    'Paris',
    '3',
    '["a", 1]',
    '\\n',
    '{',
    '"',
    '<',
    '\n',
    ' ',
  ],
  example: render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser glm45 (GLM-4.7: glm47)',
    sglang: '--tool-call-parser glm45 (GLM-4.7: glm47)',
    llamaCpp: 'GLM 4.5 format, detected from the chat template (--jinja)',
  },
  notes:
    'The tool name follows `<tool_call>` directly and ends at a newline (GLM-4.5/4.6) or at `<arg_key>` (GLM-4.7). Values are text: typed by schema, else read as JSON when they are JSON.',
  claims: (text, at) => readHead(text, at) !== null,
  parse,
  render,
}
