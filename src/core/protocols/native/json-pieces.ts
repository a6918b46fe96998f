/**
 * JSON inside a model's markup: where a value ends, and the calls a payload holds. Shared by every
 * format that carries its calls (or their arguments) as JSON.
 */
import { isRecord } from '../../own-record'
import { readCall } from '../json/calls'
import { parseLenientJson } from '../json/lenient-json'
import type { FormatProblem, FoundCall } from './format'
import { ref, say } from '../../messages/say'
import type { Localizable } from '../../messages/render'
import type { MessageParam } from '../../messages/types'

/**
 * The end (exclusive) of the JSON object or array that opens at `from` (a `{` or `[`), found by
 * bracket depth outside strings (either quote); -1 when it is still open at `limit`. Linear.
 */
export function jsonValueEnd(text: string, from: number, limit = text.length): number {
  let depth = 0
  let quote = 0
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (quote !== 0) {
      if (c === 0x5c) i++
      else if (c === quote) quote = 0
      continue
    }
    if (c === 0x22 || c === 0x27) quote = c
    else if (c === 0x7b || c === 0x5b) depth++
    else if (c === 0x7d || c === 0x5d) {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return -1
}

/** The first offset at or after `from` that is not white space. */
export function skipSpace(text: string, from: number, limit = text.length): number {
  let i = from
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++
    else break
  }
  return i
}

/** text[start, end) with white space trimmed on both sides, as offsets. */
export function trimSpan(text: string, start: number, end: number): [number, number] {
  const s = skipSpace(text, start, end)
  let e = end
  while (e > s) {
    const c = text.charCodeAt(e - 1)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) e--
    else break
  }
  return [s, e]
}

/** The message of a shared reader's finding (a JSON repair): its text, and its id and parameters when it has them. */
export function sameMessage(found: Localizable): Localizable {
  const out: Localizable = { message: found.message }
  if (found.messageId !== undefined) out.messageId = found.messageId
  if (found.params !== undefined) out.params = found.params
  return out
}

/** How `readJsonCalls` names and reads a payload. */
export interface JsonCallsOptions {
  /**
   * What the payload is called in messages ("the [TOOL_CALLS] payload"): a nested message (`ref`)
   * so other languages can say it; a plain string is shown as written.
   */
  what: MessageParam
  /** The call's span when the payload holds one call (usually the whole block, markers included). */
  block?: { start: number; end: number }
  /** Whether the block's end marker was seen. */
  closed: boolean
  /** Keys that name the tool and hold its arguments, beyond `name` and `arguments`/`parameters`. */
  nameKeys?: readonly string[]
  argumentKeys?: readonly string[]
}

/**
 * The calls in a JSON payload text[start, end): one call object, or an array of them, each
 * `{name, arguments | parameters}` or OpenAI's `{function: {name, arguments}}`. Invalid JSON is one
 * call that cannot be read, with the place JSON reading stopped.
 */
export function readJsonCalls(
  text: string,
  start: number,
  end: number,
  options: JsonCallsOptions,
): { calls: FoundCall[]; problems: FormatProblem[] } {
  const [s, e] = trimSpan(text, start, end)
  const block = options.block ?? { start: s, end: e }
  const problems: FormatProblem[] = []
  const payload = text.slice(s, e)
  const parsed = parseLenientJson(payload)
  if (!parsed.ok) {
    const at = s + Math.min(parsed.offset, payload.length)
    const call: FoundCall = {
      name: '',
      arguments: null,
      start: block.start,
      end: block.end,
      closed: options.closed,
      problems: [
        {
          severity: 'error',
          code: 'invalid-json',
          ...say('native.json.payload-invalid', { what: options.what, problem: parsed.why }),
          offset: at,
          length: at < e ? 1 : 0,
        },
      ],
    }
    const named = /"(?:name|tool_name|function)"\s*:\s*"([^"\\]{1,200})"/.exec(payload.slice(0, 400))
    if (named) call.name = (named[1] as string).trim()
    return { calls: [call], problems }
  }
  for (const repair of parsed.repairs)
    problems.push({
      severity: 'warning',
      code: repair.code,
      ...sameMessage(repair),
      offset: s + repair.offset,
      length: repair.length,
    })
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value]
  const whole = { start: 0, end: payload.length }
  const calls: FoundCall[] = items.map((item) => {
    const reading = readCall(renameKeys(item, options), parsed.spans, s, whole)
    const span = isRecord(item) ? parsed.spans.get(item) : undefined
    const single = items.length === 1
    return {
      name: reading.name,
      arguments: reading.arguments,
      ...(reading.id !== undefined ? { id: reading.id } : {}),
      start: single ? block.start : s + (span?.start ?? 0),
      end: single ? block.end : s + (span?.end ?? payload.length),
      closed: options.closed,
      problems: reading.problems,
    }
  })
  if (items.length === 0)
    problems.push({
      severity: 'info',
      code: 'empty-call-list',
      ...say('native.json.holds-no-calls', { what: options.what }),
      offset: s,
      length: e - s,
    })
  return { calls, problems }
}

/** Formats that name the fields otherwise (`tool_name`, `parameters`): read as `name`/`arguments`. */
function renameKeys(item: unknown, options: JsonCallsOptions): unknown {
  if (!isRecord(item) || (!options.nameKeys && !options.argumentKeys)) return item
  const out: Record<string, unknown> = Object.create(null)
  Object.assign(out, item)
  for (const key of options.nameKeys ?? [])
    if (out.name === undefined && Object.prototype.hasOwnProperty.call(item, key)) out.name = item[key]
  for (const key of options.argumentKeys ?? [])
    if (out.arguments === undefined && Object.prototype.hasOwnProperty.call(item, key)) out.arguments = item[key]
  return out
}

/** What arguments are called in messages unless the caller says otherwise. */
const THE_ARGUMENTS = ref('native.json.what.arguments')

/**
 * An arguments object written as JSON in text[start, end) (repairs reported, an empty span is
 * `{}`); null, with the place reading stopped, when it is not a JSON object. `what` names them in
 * messages, as in `JsonCallsOptions`.
 */
export function readJsonArguments(
  text: string,
  start: number,
  end: number,
  what: MessageParam = THE_ARGUMENTS,
): { value: Record<string, unknown> | null; problems: FormatProblem[] } {
  const [s, e] = trimSpan(text, start, end)
  const problems: FormatProblem[] = []
  if (s === e) return { value: {}, problems }
  const parsed = parseLenientJson(text, s, e)
  if (!parsed.ok) {
    const at = Math.min(parsed.offset, e)
    problems.push({
      severity: 'error',
      code: 'invalid-arguments',
      ...say('native.json.arguments-invalid', { what, problem: parsed.why }),
      offset: at,
      length: at < e ? 1 : 0,
    })
    return { value: null, problems }
  }
  for (const repair of parsed.repairs)
    problems.push({
      severity: 'warning',
      code: repair.code,
      ...sameMessage(repair),
      offset: repair.offset,
      length: repair.length,
    })
  if (typeof parsed.value === 'string') {
    // Arguments as a JSON string holding the object (the OpenAI wire form, written out).
    const inner = parseLenientJson(parsed.value)
    if (inner.ok && isRecord(inner.value)) {
      problems.push({
        severity: 'warning',
        code: 'arguments-as-string',
        ...say('native.json.arguments-as-string', { what }),
        offset: s,
        length: e - s,
      })
      return { value: inner.value, problems }
    }
  }
  if (!isRecord(parsed.value)) {
    problems.push({
      severity: 'error',
      code: 'invalid-arguments',
      ...say('native.json.arguments-not-object', { what }),
      offset: s,
      length: e - s,
    })
    return { value: null, problems }
  }
  return { value: parsed.value, problems }
}

/**
 * JSON with a space after each `,` and `:` (what Python's json.dumps writes, and so what most
 * chat templates put in a model's examples): calls rendered in a model's own format look like its
 * training data.
 */
export function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`
  if (isRecord(value))
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}: ${spacedJson(value[k])}`)
      .join(', ')}}`
  return JSON.stringify(value) ?? 'null'
}
