/**
 * Readers shared by the formats that wrap JSON calls in tags of their own: a call object read
 * with the place its name ends and its arguments begin (so a stream shows both early), and a JSON
 * array of calls read element by element (a cut-off list keeps the calls that are whole). The
 * loops over a format's blocks are in `json-tagged-blocks.ts`.
 */
import type { FormatProblem, FoundCall } from '../format'
import { jsonValueEnd, readJsonArguments, readJsonCalls, skipSpace } from '../json-pieces'
import { say } from '../../../messages/say'
import type { MessageRef } from '../../../messages/types'

/** How a format names the fields of a call object. */
export interface CallShape {
  /** What the payload is called in messages ("the <tool_call> JSON"), as a message to nest. */
  what: MessageRef
  /** Keys naming the tool beyond `name`. */
  nameKeys?: readonly string[]
  /** Keys holding the arguments beyond `arguments` and `parameters`. */
  argumentKeys?: readonly string[]
  /** Keys holding the model's own call id (Command R7B's `tool_call_id`). */
  idKeys?: readonly string[]
}

/** Calls and problems found in a text, and where a stream may resume reading. */
export interface Reading {
  calls: FoundCall[]
  problems: FormatProblem[]
  resumeAt?: number
}

/** Where the quoted string opening at `at` ends (after its closing quote); -1 when still open. */
function stringEnd(text: string, at: number, limit: number): number {
  const quote = text.charCodeAt(at)
  for (let i = at + 1; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5c) i++
    else if (c === quote) return i + 1
  }
  return -1
}

function unquote(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(raw)
      if (typeof value === 'string') return value
    } catch {
      // A slip inside the string: its raw text is close enough for a name.
    }
  }
  return raw.slice(1, -1)
}

interface ObjectScan {
  name?: { value: string; end: number }
  /** The arguments value; `end` is -1 while it is still open. */
  args?: { start: number; end: number }
  id?: string
}

/**
 * The top-level keys of the call object opening at `start`, read as far as the text goes: the
 * name once its string is whole, where the arguments begin, the id. One pass; it stops at the
 * first thing that is not plain JSON (the full parse then says what is wrong).
 */
function scanCallObject(text: string, start: number, limit: number, shape: CallShape): ObjectScan {
  const out: ObjectScan = {}
  const nameKeys = ['name', ...(shape.nameKeys ?? [])]
  const argumentKeys = ['arguments', 'parameters', ...(shape.argumentKeys ?? [])]
  let i = start + 1
  for (;;) {
    i = skipSpace(text, i, limit)
    if (i >= limit) return out
    const q = text.charCodeAt(i)
    if (q !== 0x22 && q !== 0x27) return out
    const keyEnd = stringEnd(text, i, limit)
    if (keyEnd === -1) return out
    const key = unquote(text.slice(i, keyEnd))
    i = skipSpace(text, keyEnd, limit)
    if (text.charCodeAt(i) !== 0x3a) return out
    const v = skipSpace(text, i + 1, limit)
    if (v >= limit) return out
    const c = text.charCodeAt(v)
    let end: number
    if (c === 0x22 || c === 0x27) end = stringEnd(text, v, limit)
    else if (c === 0x7b || c === 0x5b) end = jsonValueEnd(text, v, limit)
    else {
      end = v
      while (end < limit && !/[,}\]\s]/.test(text[end] as string)) end++
      if (end >= limit) end = -1
    }
    const isString = c === 0x22 || c === 0x27
    if (out.name === undefined && nameKeys.includes(key) && isString && end !== -1)
      out.name = { value: unquote(text.slice(v, end)).trim(), end }
    else if (out.args === undefined && argumentKeys.includes(key)) out.args = { start: v, end }
    else if (out.id === undefined && shape.idKeys?.includes(key) && end !== -1)
      out.id = isString ? unquote(text.slice(v, end)) : text.slice(v, end)
    if (end === -1) return out
    i = skipSpace(text, end, limit)
    if (text.charCodeAt(i) !== 0x2c) return out
    i++
  }
}

/**
 * The call object opening at `start` (a `{`), within text[start, limit). A whole object is read
 * as JSON; one cut off by `limit` keeps its name and, if they are whole, its arguments.
 * `closed` says whether the call's end marker was seen.
 */
export function readCallObject(
  text: string,
  start: number,
  limit: number,
  shape: CallShape,
  closed: boolean,
): { call: FoundCall; end: number } {
  const end = jsonValueEnd(text, start, limit)
  const scan = scanCallObject(text, start, end === -1 ? limit : end, shape)
  const argumentsSpan = scan.args
    ? { start: scan.args.start, end: scan.args.end === -1 ? limit : scan.args.end }
    : undefined
  if (end !== -1) {
    const read = readJsonCalls(text, start, end, {
      what: shape.what,
      block: { start, end },
      closed,
      nameKeys: shape.nameKeys,
      argumentKeys: shape.argumentKeys,
    })
    const call = read.calls[0] as FoundCall
    call.problems.unshift(...read.problems)
    if (call.name === '' && scan.name) call.name = scan.name.value
    if (scan.name) call.nameEnd = scan.name.end
    if (argumentsSpan) call.argumentsSpan = argumentsSpan
    if (scan.id !== undefined && scan.id !== '') call.id = scan.id
    return { call, end }
  }
  const problems: FormatProblem[] = []
  let args: Record<string, unknown> | null = null
  if (scan.args && scan.args.end !== -1 && text.charCodeAt(scan.args.start) === 0x7b) {
    const read = readJsonArguments(text, scan.args.start, scan.args.end)
    args = read.value
    problems.push(...read.problems)
    problems.push({
      severity: 'warning',
      code: 'unclosed-json',
      ...say('native.json.object-read-to-arguments', { what: shape.what }),
      offset: start,
      length: 1,
    })
  } else {
    problems.push({
      severity: 'error',
      code: 'unclosed-json',
      ...say('native.json.object-cut-in-arguments', { what: shape.what }),
      offset: start,
      length: limit - start,
    })
  }
  const call: FoundCall = {
    name: scan.name?.value ?? '',
    ...(scan.name ? { nameEnd: scan.name.end } : {}),
    ...(argumentsSpan ? { argumentsSpan } : {}),
    arguments: args,
    ...(scan.id !== undefined && scan.id !== '' ? { id: scan.id } : {}),
    start,
    end: limit,
    closed: false,
    problems,
  }
  if (args !== null && call.name === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      ...say('native.json.object-no-name', { what: shape.what }),
      offset: start,
      length: limit - start,
    })
  return { call, end: -1 }
}

/**
 * The JSON array of calls opening at `open` (a `[`), element by element. Returns the offset after
 * its `]`, or -1 when it is cut off or broken (what follows is then not read).
 */
export function readCallArray(
  text: string,
  open: number,
  limit: number,
  shape: CallShape,
  closed: boolean,
  out: Reading,
): number {
  let i = open + 1
  let count = 0
  for (;;) {
    i = skipSpace(text, i, limit)
    if (i >= limit) {
      if (closed)
        out.problems.push({
          severity: 'warning',
          code: 'unclosed-array',
          ...say('native.json.array-unclosed'),
          offset: open,
          length: 1,
        })
      return -1
    }
    const c = text.charCodeAt(i)
    if (c === 0x5d) {
      if (count === 0)
        out.problems.push({
          severity: 'info',
          code: 'empty-call-list',
          ...say('native.json.holds-no-calls', { what: shape.what }),
          offset: open,
          length: i + 1 - open,
        })
      return i + 1
    }
    if (c !== 0x7b) {
      out.problems.push({
        severity: 'error',
        code: 'invalid-call',
        ...say('native.json.array-holds-non-call', { what: shape.what }),
        offset: i,
        length: 1,
      })
      return -1
    }
    const read = readCallObject(text, i, limit, shape, closed)
    out.calls.push(read.call)
    count++
    if (read.end === -1) return -1
    i = skipSpace(text, read.end, limit)
    if (i >= limit) continue
    const next = text.charCodeAt(i)
    if (next === 0x2c) {
      const after = skipSpace(text, i + 1, limit)
      if (text.charCodeAt(after) === 0x5d)
        out.problems.push({
          severity: 'warning',
          code: 'trailing-comma',
          ...say('native.json.array-trailing-comma'),
          offset: i,
          length: 1,
        })
      i++
    } else if (next !== 0x5d) {
      out.problems.push({
        severity: 'error',
        code: 'invalid-json',
        ...say('native.json.array-separator-expected', { what: shape.what }),
        offset: i,
        length: 1,
      })
      return -1
    }
  }
}

/** Whether the call's JSON object was read to its closing brace. */
export function isWhole(call: FoundCall): boolean {
  return !call.problems.some((p) => p.code === 'unclosed-json')
}

/** Whether what follows `at` (past white space, at most `reach` characters) begins with one of `starts`, or the text ends first. */
export function followedBy(
  text: string,
  at: number,
  starts: readonly string[],
  reach = 64,
): { match: boolean; atEnd: boolean } {
  const i = skipSpace(text, at, Math.min(text.length, at + reach))
  if (i >= text.length) return { match: false, atEnd: true }
  return { match: starts.some((s) => text.startsWith(s, i)), atEnd: false }
}
