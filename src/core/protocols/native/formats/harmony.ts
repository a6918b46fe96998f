/**
 * OpenAI Harmony (gpt-oss): a reply is a run of messages, each a header and a body:
 *   <|channel|>analysis<|message|>Need the weather.<|end|>
 *   <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>
 * A message with a recipient (`to=...`, in the channel part or in the role part before
 * `<|channel|>`) is a call. `analysis` is the reasoning channel, `final` the answer, `commentary`
 * holds calls and preambles. Built-in tools (`browser.*`, `python`, `container.*`) are addressed
 * without the `functions.` namespace.
 */
import type { FormatContext, FormatProblem, FoundCall, NativeFormat, RenderableCall } from '../format'
import { readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { markerScanner, type MarkerScanner } from './token-scan'

const START = '<|start|>'
const CHANNEL = '<|channel|>'
const MESSAGE = '<|message|>'
const CONSTRAIN = '<|constrain|>'
const END = '<|end|>'
const CALL = '<|call|>'
const RETURN = '<|return|>'
const TOKENS = [START, CHANNEL, MESSAGE, CONSTRAIN, END, CALL, RETURN]
const RECIPIENT = 'to='
const FUNCTIONS = 'functions.'
/** How far before a `<|channel|>` a role-part recipient (` to=functions.x<|channel|>`) is looked for. */
const ROLE_LOOKBACK = 256
/** How far after an opener `claims` looks for the recipient. */
const CLAIM_WINDOW = 256

interface Header {
  start: number
  end: number
  role: string
  channel: string
  recipient: string
  /** The recipient's text span, -1 when there is none. */
  rs: number
  re: number
  /** What follows the recipient in the header, trimmed (a content type, `<|constrain|>json`). */
  rest: string
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

/** A word at `from`: up to white space or a `<|` token, bounded by `limit`. */
function wordEnd(text: string, from: number, limit: number): number {
  let i = from
  while (i < limit) {
    const c = text.charCodeAt(i)
    if (isSpace(c) || (c === 0x3c && text.charCodeAt(i + 1) === 0x7c)) break
    i++
  }
  return i
}

function readHeader(text: string, scan: MarkerScanner, start: number, end: number): Header {
  const header: Header = { start, end, role: '', channel: '', recipient: '', rs: -1, re: -1, rest: '' }
  if (text.startsWith(START, start)) {
    const rs = skipSpace(text, start + START.length, end)
    header.role = text.slice(rs, wordEnd(text, rs, end))
  }
  const channel = scan.next(CHANNEL, start)
  if (channel !== -1 && channel < end) {
    const cs = skipSpace(text, channel + CHANNEL.length, end)
    header.channel = text.slice(cs, wordEnd(text, cs, end))
  }
  // The recipient is a `to=` that begins a word (or follows a token).
  let at = start
  for (;;) {
    const to = scan.next(RECIPIENT, at)
    if (to === -1 || to >= end) break
    const before = to > start ? text.charCodeAt(to - 1) : 0x20
    if (isSpace(before) || before === 0x3e /* the `>` of a token */ || to === start) {
      header.rs = to + RECIPIENT.length
      header.re = wordEnd(text, header.rs, end)
      header.recipient = text.slice(header.rs, header.re)
      const [s, e] = trimSpan(text, header.re, end)
      // The rest of the header that follows, up to the next token that is not the constraint.
      const next = channel !== -1 && channel >= header.re && channel < e ? channel : e
      header.rest = text.slice(s, Math.max(s, next)).trim()
      break
    }
    at = to + RECIPIENT.length
  }
  return header
}

/** Built-in tools of gpt-oss, which the model addresses without `functions.`. */
function isBuiltIn(recipient: string): boolean {
  return recipient === 'python' || recipient.startsWith('browser.') || recipient.startsWith('container.')
}

function toolName(recipient: string, context: FormatContext): string {
  if (context.tools.has(recipient)) return recipient
  return recipient.startsWith(FUNCTIONS) ? recipient.slice(FUNCTIONS.length) : recipient
}

/** A header that can be a call: an assistant (or unnamed) role and a recipient that is no reply address. */
function isCallHeader(h: Header): boolean {
  return h.recipient !== '' && h.recipient !== 'assistant' && (h.role === '' || h.role === 'assistant')
}

type Mode = 'text' | 'header' | 'body'

/**
 * A `<|start|>` begins a message whatever came before it, so a stream may put aside everything
 * before the last one that follows only closed calls. (Not at a call's end: a recipient in the
 * role part is looked for in the text between the last token and the next `<|channel|>`.)
 */
function parse(
  text: string,
  context: FormatContext,
): { calls: FoundCall[]; problems: FormatProblem[]; resumeAt?: number } {
  const scan = markerScanner(text)
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  let mode: Mode = 'text' as Mode
  let headerStart = 0
  let header: Header | null = null
  let bodyStart = 0
  let lastTokenEnd = 0
  let resumeAt = -1
  let allClosed = true

  const finishBody = (bodyEnd: number, end: number, token: string): void => {
    if (header && isCallHeader(header)) {
      const call = readCall(text, header, bodyStart, bodyEnd, end, token, context)
      calls.push(call)
      allClosed &&= call.closed
    }
    header = null
  }
  /** A header cut off before its `<|message|>` by the end of the text: a call if it reads like one. */
  const cutHeader = (end: number): void => {
    const h = readHeader(text, scan, headerStart, end)
    if (
      !isCallHeader(h) ||
      !(h.rest === '' || /^(?:<\|constrain\|>\s*)?[\w-]{0,20}$/.test(h.rest)) ||
      text.indexOf('\n', headerStart) !== -1
    )
      return
    const problems: FormatProblem[] = [
      {
        severity: 'warning',
        code: 'unclosed-call',
        message: `the call's header is cut off before ${MESSAGE}.`,
        offset: h.start,
        length: end - h.start,
      },
      {
        severity: 'error',
        code: 'missing-arguments',
        message: `the call of ${JSON.stringify(h.recipient)} has no ${MESSAGE} and no arguments.`,
        offset: h.start,
        length: end - h.start,
      },
    ]
    calls.push({
      name: toolName(h.recipient, context),
      ...(h.re < end ? { nameEnd: h.re } : {}),
      arguments: null,
      start: h.start,
      end,
      closed: false,
      problems,
    })
  }

  let i = 0
  for (;;) {
    const at = scan.next('<|', i)
    if (at === -1) break
    const token = TOKENS.find((t) => text.startsWith(t, at))
    if (token === undefined) {
      i = at + 2
      continue
    }
    const after = at + token.length
    if (token === START) {
      // A header with no `<|message|>` before the next message has no body: nothing to read.
      if (mode === 'body') finishBody(at, at, '')
      if (at > 0 && allClosed) resumeAt = at
      headerStart = at
      mode = 'header'
    } else if (token === CHANNEL) {
      if (mode === 'body') finishBody(at, at, '')
      if (mode === 'text') {
        // The recipient may stand in the role part: ` to=functions.x<|channel|>commentary`.
        headerStart = at
        if (at - lastTokenEnd <= ROLE_LOOKBACK) {
          const [s, e] = trimSpan(text, lastTokenEnd, at)
          if (e > s && (text.startsWith(RECIPIENT, s) || text.startsWith('assistant ' + RECIPIENT, s))) headerStart = s
        }
      } else if (mode === 'body') headerStart = at
      mode = 'header'
    } else if (token === MESSAGE) {
      if (mode === 'text') headerStart = at
      if (mode !== 'body') {
        header = readHeader(text, scan, headerStart, at)
        bodyStart = after
        mode = 'body'
      }
    } else if (token === END || token === CALL || token === RETURN) {
      if (mode === 'body') {
        finishBody(at, after, token)
        mode = 'text'
      }
    }
    lastTokenEnd = after
    i = after
  }
  if (mode === 'body') finishBody(text.length, text.length, '')
  else if (mode === 'header') cutHeader(text.length)
  return { calls, problems, ...(resumeAt > 0 ? { resumeAt } : {}) }
}

function readCall(
  text: string,
  h: Header,
  bodyStart: number,
  bodyEnd: number,
  end: number,
  token: string,
  context: FormatContext,
): FoundCall {
  const problems: FormatProblem[] = []
  const closed = token !== ''
  if (!closed) {
    const why = bodyEnd < text.length ? 'the next message begins' : 'the text ends'
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      message: `the call to ${JSON.stringify(h.recipient)} is never closed with ${CALL}; ${why} first.`,
      offset: h.start,
      length: bodyStart - h.start,
    })
  } else if (token !== CALL) {
    problems.push({
      severity: 'warning',
      code: 'call-end-token',
      message: `the call to ${JSON.stringify(h.recipient)} ends with ${token}; a call message ends with ${CALL}.`,
      offset: bodyEnd,
      length: token.length,
    })
  }
  if (h.channel === 'analysis') {
    problems.push({
      severity: 'warning',
      code: 'call-in-analysis',
      message: `this call is written in the analysis channel (the model's reasoning); function calls belong in commentary.`,
      offset: h.start,
      length: end - h.start,
    })
  }
  const name = toolName(h.recipient, context)
  const builtIn = isBuiltIn(h.recipient) && !context.tools.has(h.recipient)
  if (builtIn)
    problems.push({
      severity: 'warning',
      code: 'builtin-tool',
      message: `the message goes to ${JSON.stringify(h.recipient)}, a built-in tool of gpt-oss, not to a \`functions.\` tool.`,
      offset: h.rs,
      length: h.re - h.rs,
    })
  if (h.recipient.startsWith(FUNCTIONS) && name === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      message: `the recipient ${FUNCTIONS} names no tool.`,
      offset: h.rs,
      length: h.re - h.rs,
    })
  const [s, e] = trimSpan(text, bodyStart, bodyEnd)
  const json = s === e || text[s] === '{' || text[s] === '[' || text[s] === '"' || !builtIn
  if (!json) {
    // A built-in tool's plain input (python code, a browser query).
    const key = h.recipient === 'python' ? 'code' : 'input'
    return { name, nameEnd: h.re, arguments: { [key]: text.slice(s, e) }, start: h.start, end, closed, problems }
  }
  const read = readJsonArguments(text, bodyStart, bodyEnd)
  problems.push(...read.problems)
  return {
    name,
    nameEnd: h.re,
    argumentsSpan: { start: bodyStart, end: bodyEnd },
    arguments: read.value,
    start: h.start,
    end,
    closed,
    problems,
  }
}

function render(call: RenderableCall): string {
  return `${START}assistant${CHANNEL}commentary ${RECIPIENT}${FUNCTIONS}${call.toolName} ${CONSTRAIN}json${MESSAGE}${JSON.stringify(call.arguments)}${CALL}`
}

/** The opener begins a call's header: a recipient comes before its `<|message|>`, in a bounded look. */
function claims(text: string, at: number, opener: string): boolean {
  const after = at + opener.length
  if (after >= text.length) return true
  const look = text.slice(at, Math.min(text.length, after + CLAIM_WINDOW))
  const message = look.indexOf(MESSAGE, opener.length)
  const window = message === -1 ? look : look.slice(0, message)
  const h = readHeader(window, markerScanner(window), 0, window.length)
  if (h.role !== '' && h.role !== 'assistant') return false
  if (isCallHeader(h)) return true
  // A header still being written, with no `<|message|>` yet: it may get its recipient, if what
  // is there reads as a header (prose that names the token does not).
  return (
    message === -1 &&
    at + look.length === text.length &&
    window.indexOf('\n') === -1 &&
    readsAsHeader(window.slice(opener.length))
  )
}

const HEADER_WORDS = ['assistant', 'analysis', 'commentary', 'final', 'json', '<|channel|>', '<|constrain|>']

/** Every word is a header's word, a recipient, or the start of one (the text may be cut inside it). */
function readsAsHeader(rest: string): boolean {
  const words = rest.replace(/<\|/g, ' <|').split(/\s+/).filter(Boolean)
  return words.every(
    (word, n) =>
      word.startsWith('to=') ||
      'to='.startsWith(word) ||
      HEADER_WORDS.some((h) => word.startsWith(h) || (n === words.length - 1 && h.startsWith(word))),
  )
}

export const harmonyFormat: NativeFormat = {
  id: 'harmony',
  label: 'gpt-oss Harmony',
  family: 'Token-delimited',
  models: ['gpt-oss-120b', 'gpt-oss-20b'],
  openers: [START, CHANNEL],
  delimited: true,
  // The prompt ends with `<|start|>assistant`, so a reply may begin inside a header.
  opensAtTextStart: true,
  pieces: [
    START,
    'assistant',
    CHANNEL,
    'analysis',
    'commentary',
    'final',
    ' to=',
    'functions.get_weather',
    'python',
    ' ',
    CONSTRAIN,
    'json',
    MESSAGE,
    '{"city": "Paris"}',
    END,
    CALL,
    RETURN,
    '{',
    '}',
    '"',
    '\n',
  ],
  example: render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } }),
  serverFlags: {
    vllm: '--tool-call-parser openai',
    sglang: '--tool-call-parser gpt-oss',
    llamaCpp: 'gpt-oss chat template (format detected by llama-server --jinja)',
  },
  notes:
    'A call is a message whose header names a recipient (`to=functions.NAME`, in the channel or the role part) and ends with `<|call|>`; the analysis channel is reasoning, final the answer.',
  claims,
  parse,
  render,
}
