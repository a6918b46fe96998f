/**
 * Calls written as JSON with little or no markup of their own:
 *   llama3-json      {"name": "get_weather", "parameters": {"city": "Paris"}}; {...}   or <|python_tag|>{...}
 *   xlam             [{"name": "get_weather", "arguments": {"city": "Paris"}}, ...]
 *   phi4-mini        functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
 *   firefunction-v2   functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]
 *   functionary-v31  <function=get_weather>{"city": "Paris"}</function>
 *   granite-20b-fc   <function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}
 * The bare forms (llama3-json without its tag, xlam) have no marker: a JSON object or list is a
 * call only by its shape, and without trust only when it names a tool the model was given.
 * The forms with a marker of their own are in `json-bare-prefixed.ts` and `json-bare-functionary.ts`.
 */
import type { FoundCall, FormatProblem, NativeFormat, RenderableCall } from '../format'
import { jsonValueEnd, skipSpace, spacedJson } from '../json-pieces'
import { readCallList, readObjectCall, toFound } from './json-bare-read'
import { firstKey, looksLikeCall, scanObject } from './json-bare-scan'
import { claimsObject, firstItemOfKeyedList, isKeyValue } from './json-bare-claims'
import { functionaryV31Format } from './json-bare-functionary'
import { firefunctionV2Format, granite20bFcFormat, phi4MiniFormat } from './json-bare-prefixed'
import { CALL_LIST, FAMILY, finder, PYTHON_TAG, type Finding } from './json-bare-shared'
import { ResumeMark } from './resume'

export { functionaryV31Format } from './json-bare-functionary'
export { firefunctionV2Format, granite20bFcFormat, phi4MiniFormat } from './json-bare-prefixed'

// ---- Llama 3 JSON --------------------------------------------------------------

const BARE_FIRST_KEYS = new Set(['name', 'type', 'function'])

/**
 * An object's braces may hold text that reads as another opener, so a stream is put aside only up
 * to the start of a line after the last call (`ResumeMark.atLineAfter`); so in the formats below.
 */
function parseLlama3(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const nextTag = finder(text, PYTHON_TAG)
  const nextBrace = finder(text, '{')
  const mark = new ResumeMark()
  let i = 0
  while (i < text.length) {
    const tag = nextTag(i)
    const brace = nextBrace(i)
    if (tag === -1 && brace === -1) break
    if (tag !== -1 && (brace === -1 || tag < brace)) {
      const at = skipSpace(text, tag + PYTHON_TAG.length)
      if (text[at] === '{' || text[at] === '[') {
        const first = calls.length
        const read = readTagged(text, tag, at, calls, problems)
        // The tag is a marker of its own: these calls need no other evidence.
        for (let n = first; n < calls.length; n++) (calls[n] as FoundCall).marked = true
        mark.block(calls.slice(first), read.end, read.settled)
        i = read.end
      } else i = tag + PYTHON_TAG.length
      continue
    }
    const list = firstItemOfKeyedList(text, brace)
    if (list !== -1 || isKeyValue(text, brace)) {
      // A key's value (the calls of a {"tool_calls": [...]} block): skipped whole, items and all.
      const end = jsonValueEnd(text, list !== -1 ? list : brace)
      if (end === -1) break
      i = end
      continue
    }
    const key = firstKey(text, brace)
    if (key === null || !BARE_FIRST_KEYS.has(key)) {
      i = brace + 1
      continue
    }
    const scan = scanObject(text, brace)
    if (scan.end === -1) {
      // Cut off: a call if it already names its tool. Either way nothing after it can start a call of its own.
      const call = readObjectCall(text, brace, text.length, scan)
      if (call.name !== '') calls.push(toFound(call, brace, text.length, false))
      break
    }
    const found: FoundCall[] = []
    if (looksLikeCall(scan)) {
      const call = readObjectCall(text, brace, text.length, scan)
      found.push(toFound(call, brace, scan.end, true))
    }
    calls.push(...found)
    mark.block(found, scan.end, true)
    i = scan.end
  }
  return { calls, problems, ...mark.atLineAfter(text, [PYTHON_TAG, '{']) }
}

/**
 * `<|python_tag|>` then calls separated by `;` (or one list of them): where reading stopped, and
 * whether that is settled (a `;` may still come after the last call).
 */
function readTagged(
  text: string,
  tag: number,
  at: number,
  calls: FoundCall[],
  problems: FormatProblem[],
): { end: number; settled: boolean } {
  if (text[at] === '[') {
    const list = readCallList(text, at, tag, CALL_LIST)
    calls.push(...list.calls)
    problems.push(...list.problems)
    return list.end === -1 ? { end: text.length, settled: false } : { end: list.end, settled: true }
  }
  let from = at
  for (let first = true; ; first = false) {
    const call = readObjectCall(text, from, text.length)
    if (call.objectEnd === -1) {
      calls.push(toFound(call, first ? tag : from, text.length, false))
      return { end: text.length, settled: false }
    }
    calls.push(toFound(call, first ? tag : from, call.objectEnd, true))
    const semi = skipSpace(text, call.objectEnd)
    if (text[semi] !== ';') return { end: call.objectEnd, settled: semi < text.length }
    const next = skipSpace(text, semi + 1)
    if (text[next] !== '{') return { end: next, settled: next < text.length }
    from = next
  }
}

/** Llama 3's bare JSON call objects, `;`-separated, optionally after `<|python_tag|>`. */
export const llama3JsonFormat: NativeFormat = {
  id: 'llama3-json',
  label: 'Llama 3 JSON',
  family: FAMILY,
  models: ['Llama 3.1 Instruct', 'Llama 3.2 Instruct', 'Llama 3.3 Instruct', 'Llama 4 (JSON tool calling)'],
  openers: [PYTHON_TAG, '{'],
  delimited: false,
  pieces: [
    PYTHON_TAG,
    '{',
    '}',
    '"name"',
    '"parameters"',
    '"arguments"',
    '"type": "function"',
    ': ',
    ', ',
    '"get_weather"',
    '{"city": "Paris"}',
    '; ',
    ';',
    '"',
    '\\',
    '[',
    ']',
    '\n',
    ' ',
    '<|eom_id|>',
  ],
  example: renderLlama3({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser llama3_json (llama4_json for Llama 4)',
    sglang: '--tool-call-parser llama3',
    llamaCpp: 'Llama 3.x: detected from the chat template (--jinja)',
  },
  notes:
    'A call is a bare JSON object `{"name", "parameters"}` (or "arguments") anywhere in the reply, several separated by `;`; `<|python_tag|>` may come first. A bare object is a call by its shape, so without a model hint only calls of tools you give count.',
  claims(text, at, opener, context) {
    if (opener === PYTHON_TAG) {
      const after = at + PYTHON_TAG.length
      return text[skipSpace(text, after, after + 64)] === '{'
    }
    if (isKeyValue(text, at) || firstItemOfKeyedList(text, at) !== -1) return false
    const key = firstKey(text, at)
    return key !== null && BARE_FIRST_KEYS.has(key) && claimsObject(text, at, context)
  },
  parse: (text) => parseLlama3(text),
  render: renderLlama3,
}

function renderLlama3(call: RenderableCall): string {
  return spacedJson({ name: call.toolName, parameters: call.arguments })
}

// ---- xLAM ----------------------------------------------------------------------

/** `[` then `{"name"`: the start of a call list (the bounded look every `[` gets); not a key's value. */
function listOfCallsAt(text: string, open: number): number {
  if (isKeyValue(text, open)) return -1
  const brace = skipSpace(text, open + 1, open + 33)
  return text[brace] === '{' && firstKey(text, brace) === 'name' ? brace : -1
}

function parseXlam(text: string): Finding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const nextBracket = finder(text, '[')
  const mark = new ResumeMark()
  let i = 0
  for (let open = nextBracket(i); open !== -1; open = nextBracket(i)) {
    if (listOfCallsAt(text, open) === -1) {
      i = open + 1
      continue
    }
    const list = readCallList(text, open, open, CALL_LIST)
    calls.push(...list.calls)
    problems.push(...list.problems)
    mark.block(list.calls, list.end, list.end !== -1)
    if (list.end === -1) break
    i = list.end
  }
  return { calls, problems, ...mark.atLineAfter(text, ['[']) }
}

/** xLAM's bare JSON list of calls. */
export const xlamFormat: NativeFormat = {
  id: 'xlam',
  label: 'xLAM',
  family: FAMILY,
  models: ['Llama-xLAM-2-8B-fc-r', 'Llama-xLAM-2-70B-fc-r', 'xLAM-2-1B/3B/32B-fc-r'],
  openers: ['['],
  delimited: false,
  pieces: [
    '[',
    ']',
    '{',
    '}',
    '"name"',
    '"arguments"',
    ': ',
    ', ',
    '"get_weather"',
    '{"city": "Paris"}',
    '```json\n',
    '\n```',
    '<think>',
    '</think>',
    '"',
    '\\',
    '\n',
    ' ',
  ],
  example: renderXlam({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: { vllm: '--tool-call-parser xlam' },
  notes:
    'The reply is a bare JSON list of `{"name", "arguments"}`, sometimes inside a ```json fence or after </think>. With no marker, without a model hint only calls of tools you give count.',
  claims(text, at, _opener, context) {
    const brace = listOfCallsAt(text, at)
    return brace !== -1 && claimsObject(text, brace, context)
  },
  parse: (text) => parseXlam(text),
  render: renderXlam,
}

function renderXlam(call: RenderableCall): string {
  return spacedJson([{ name: call.toolName, arguments: call.arguments }])
}

/** The bare JSON formats, in the order docs and the Parser pane list them. */
export const jsonBareFormats: NativeFormat[] = [
  llama3JsonFormat,
  xlamFormat,
  phi4MiniFormat,
  firefunctionV2Format,
  functionaryV31Format,
  granite20bFcFormat,
]
