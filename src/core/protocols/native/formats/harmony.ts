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
import { trimSpan } from '../json-pieces'
import { markerScanner, type MarkerScanner } from './token-scan'
import {
  CALL,
  CHANNEL,
  CONSTRAIN,
  END,
  FUNCTIONS,
  MESSAGE,
  RECIPIENT,
  RETURN,
  START,
  TOKENS,
  isCallHeader,
  readHeader,
  type Header,
} from './harmony-header'
import { cutHeaderCall, readCall } from './harmony-call'

/** How far before a `<|channel|>` a role-part recipient (` to=functions.x<|channel|>`) is looked for. */
const ROLE_LOOKBACK = 256
/** How far after an opener `claims` looks for the recipient. */
const CLAIM_WINDOW = 256

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
  const walk = new MessageWalk(text, scan, context)
  let i = 0
  for (;;) {
    const at = scan.next('<|', i)
    if (at === -1) break
    const token = TOKENS.find((t) => text.startsWith(t, at))
    if (token === undefined) {
      i = at + 2
      continue
    }
    walk.token(token, at)
    i = at + token.length
  }
  walk.finish()
  return { calls: walk.calls, problems: [], ...(walk.resumeAt > 0 ? { resumeAt: walk.resumeAt } : {}) }
}

type Mode = 'text' | 'header' | 'body'

/** The reply's messages, token by token: where each header starts, and the calls among their bodies. */
class MessageWalk {
  readonly calls: FoundCall[] = []
  /** The start of the last message that follows only closed calls; -1 when there is none. */
  resumeAt = -1
  private mode: Mode = 'text'
  private headerStart = 0
  private header: Header | null = null
  private bodyStart = 0
  private lastTokenEnd = 0
  private allClosed = true

  constructor(
    private readonly text: string,
    private readonly scan: MarkerScanner,
    private readonly context: FormatContext,
  ) {}

  /** The token `token` at `at`. */
  token(token: string, at: number): void {
    const after = at + token.length
    if (token === START) this.start(at)
    else if (token === CHANNEL) this.channel(at)
    else if (token === MESSAGE) this.message(at, after)
    else if (token === END || token === CALL || token === RETURN) {
      if (this.mode === 'body') {
        this.finishBody(at, after, token)
        this.mode = 'text'
      }
    }
    this.lastTokenEnd = after
  }

  /** The end of the text: a body still open ends there; a header cut before its body may be a call. */
  finish(): void {
    const n = this.text.length
    if (this.mode === 'body') this.finishBody(n, n, '')
    else if (this.mode === 'header') {
      const call = cutHeaderCall(this.text, this.scan, this.headerStart, n, this.context)
      if (call) this.calls.push(call)
    }
  }

  private start(at: number): void {
    // A header with no `<|message|>` before the next message has no body: nothing to read.
    if (this.mode === 'body') this.finishBody(at, at, '')
    if (at > 0 && this.allClosed) this.resumeAt = at
    this.headerStart = at
    this.mode = 'header'
  }

  private channel(at: number): void {
    if (this.mode === 'body') this.finishBody(at, at, '')
    if (this.mode === 'text') {
      // The recipient may stand in the role part: ` to=functions.x<|channel|>commentary`.
      this.headerStart = at
      if (at - this.lastTokenEnd <= ROLE_LOOKBACK) {
        const text = this.text
        const [s, e] = trimSpan(text, this.lastTokenEnd, at)
        if (e > s && (text.startsWith(RECIPIENT, s) || text.startsWith('assistant ' + RECIPIENT, s)))
          this.headerStart = s
      }
    } else if (this.mode === 'body') this.headerStart = at
    this.mode = 'header'
  }

  private message(at: number, after: number): void {
    if (this.mode === 'text') this.headerStart = at
    if (this.mode !== 'body') {
      this.header = readHeader(this.text, this.scan, this.headerStart, at)
      this.bodyStart = after
      this.mode = 'body'
    }
  }

  private finishBody(bodyEnd: number, end: number, token: string): void {
    const header = this.header
    if (header && isCallHeader(header)) {
      const call = readCall(this.text, header, this.bodyStart, bodyEnd, end, token, this.context)
      this.calls.push(call)
      this.allClosed &&= call.closed
    }
    this.header = null
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

/** gpt-oss Harmony: a message with a recipient in its header is a call. */
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
