/**
 * From a parsed JSON payload to tool calls, for every JSON paradigm. Accepted call shapes:
 *   OpenAI:  { "id"?, "type": "function", "function": { "name", "arguments": string | object } }
 *   flat:    { "id"?, "name", "arguments" | "parameters": object | string }
 * `arguments` as a JSON string is the OpenAI wire form; in the flat shape it is a repair.
 */
import type { DiagnosticSeverity } from '../../types'
import { isRecord, setOwn } from '../../own-record'
import { parseLenientJson, type JsonSpan } from './lenient-json'
import type { MessageRef } from '../../messages/types'
import { ref, say, type SaidMessage } from '../../messages/say'

/** What a call was read as; diagnostics carry offsets in the whole text. */
export interface CallReading {
  name: string
  id: string | undefined
  /** The arguments object, or null when it could not be read. */
  arguments: Record<string, unknown> | null
  /** Span of the call object in the text. */
  start: number
  end: number
  problems: CallProblem[]
}

/** A finding about one call: its message in English, with its id and parameters. */
export interface CallProblem extends SaidMessage {
  severity: DiagnosticSeverity
  code: string
  offset: number
  length: number
}

type Record_ = Record<string, unknown>

const own = (record: Record_, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined

/**
 * Reads one call object. `base` is the payload's offset in the text; spans are payload-relative.
 */
export function readCall(
  call: unknown,
  spans: WeakMap<object, JsonSpan>,
  base: number,
  fallback: JsonSpan,
): CallReading {
  const span = isRecord(call) ? spans.get(call) : undefined
  const start = base + (span ?? fallback).start
  const end = base + (span ?? fallback).end
  const reading: CallReading = { name: '', id: undefined, arguments: null, start, end, problems: [] }
  const problem = (severity: DiagnosticSeverity, code: string, said: SaidMessage): void => {
    reading.problems.push({ severity, code, ...said, offset: start, length: end - start })
  }
  if (!isRecord(call)) {
    problem('error', 'invalid-call', say('json.call-not-object', { found: describe(call) }))
    return reading
  }
  const id = own(call, 'id')
  if (typeof id === 'string' && id !== '') reading.id = id
  const fn = own(call, 'function')
  const openAi = isRecord(fn)
  const source: Record_ = openAi ? fn : call
  const name = own(source, 'name')
  if (typeof name === 'string') reading.name = name.trim()
  if (name === undefined)
    problem('error', 'missing-tool-name', say(openAi ? 'json.function-without-name' : 'json.call-without-name'))
  else if (typeof name !== 'string')
    problem('error', 'missing-tool-name', say('json.name-not-string', { found: describe(name) }))
  else if (reading.name === '') problem('error', 'empty-tool-name', say('json.empty-name'))

  let args = own(source, 'arguments')
  if (args === undefined && !openAi && own(source, 'parameters') !== undefined) args = own(source, 'parameters')
  if (args === undefined || args === null) {
    reading.arguments = {}
    return reading
  }
  if (typeof args === 'string') {
    if (!openAi) problem('warning', 'arguments-as-string', say('json.arguments-as-string'))
    if (args.trim() === '') {
      reading.arguments = {}
      return reading
    }
    const parsed = parseLenientJson(args)
    if (!parsed.ok) {
      const { line, column } = positionIn(args, parsed.offset)
      problem('error', 'invalid-arguments', say('json.arguments-not-json', { problem: parsed.why, line, column }))
      return reading
    }
    for (const repair of parsed.repairs)
      problem('warning', repair.code, say('json.in-arguments-string', { repair: refOf(repair) }))
    args = parsed.value
  }
  if (!isRecord(args)) {
    problem('error', 'invalid-arguments', say('json.arguments-not-object', { found: describe(args) }))
    return reading
  }
  reading.arguments = args
  return reading
}

/** The string view of typed arguments: strings as they are, everything else as compact JSON. */
export function stringArguments(args: Record_): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of Object.keys(args)) {
    const value = args[key]
    setOwn(out, key, typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null'))
  }
  return out
}

/** A message said by id, as a parameter to nest in another message. */
export function refOf(said: Pick<SaidMessage, 'messageId' | 'params'>): MessageRef {
  return said.params ? { id: said.messageId, params: said.params } : { id: said.messageId }
}

/** What a value found where a call, a name or arguments belong is, as a message to nest. */
function describe(value: unknown): MessageRef {
  if (value === null) return ref('json.found.null')
  if (Array.isArray(value)) return ref('json.found.array')
  if (typeof value === 'object') return ref('json.found.object')
  if (typeof value === 'string')
    return ref('json.found.string', { text: JSON.stringify(value.length > 40 ? value.slice(0, 37) + '...' : value) })
  return ref('json.found.value', { type: typeof value, value: String(value) })
}

/** 1-based line and column of an offset in a short text. */
export function positionIn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++
    lineStart = k + 1
  }
  return { line, column: offset - lineStart + 1 }
}
