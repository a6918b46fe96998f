/**
 * Hostile shapes: texts a looping or confused model can produce, each one construct repeated
 * until the text is long; a name's prefix (`auto:`, `json:`) says which protocol reads it, VCP
 * otherwise. The parser must stay linear on all of them, one-shot and streaming; the figure is the
 * cost per character at 1,000,000 characters against the cost per character at 250,000 (1.0 is
 * linear, a quadratic step shows as about 4).
 */
import { createStreamParser, parseToolRequests } from '../src/core'
import { measureInterleaved } from './measure'

const block = (body: string): string =>
  `<<<[TOOL_REQUEST]>>>\ntool_name:「始」t「末」,\n${body}\n<<<[END_TOOL_REQUEST]>>>\n`
const repeat = (unit: string, n: number): string => unit.repeat(Math.ceil(n / unit.length))
/** Fields `field(0)`, `field(1)`, ... until they hold n characters. */
function fields(n: number, field: (i: number) => string): string {
  const parts: string[] = []
  let length = 0
  for (let i = 0; length < n; i++) {
    const part = field(i)
    parts.push(part)
    length += part.length
  }
  return parts.join('')
}

/** Each shape makes a text of about n characters; all are read as VCP except where named. */
export const HOSTILE_SHAPES: Record<string, (n: number) => string> = {
  'one block, distinct keys': (n) => block(fields(n, (i) => `key${i}:「始」v${i}「末」,\n`)),
  'one block, repeated keys': (n) => block(fields(n, (i) => `k${i % 50}:「始」v「末」,\n`)),
  'blocks with no end marker': (n) => repeat('<<<[TOOL_REQUEST]>>>\ntool_name:「始」t「末」\n', n),
  'stray end markers': (n) => repeat('<<<[END_TOOL_REQUEST]>>> ', n),
  'value markers with no key': (n) => block(repeat('「始」x「末」 ', n)),
  'unclosed escaped value': (n) => block(`c:「始ESCAPE」${repeat('<<<[END_TOOL_REQUEST]>>> 「末」 ', n)}`),
  'many unclosed escaped values': (n) => repeat(block('c:「始ESCAPE」x 「末」 y'), n),
  'one request id, repeated': (n) =>
    repeat('<<<[TOOL_REQUEST]>>>\ntool_name:「始」t「末」,request_id:「始」same「末」\n<<<[END_TOOL_REQUEST]>>>\n', n),
  'reasoning tags': (n) => repeat('<think>a</think>b ', n),
  "runs of '<'": (n) => repeat('<<<<<<[ ', n),
  "one run of '~' (a fence that never ends)": (n) => `>\n${'~'.repeat(n)}`,
  "one run of '<'": (n) => `> ${'<'.repeat(n)}`,
  'auto: four paradigms mixed': (n) =>
    repeat(
      '<tool_call>{"name": "h", "arguments": {}}</tool_call>\n' +
        block('') +
        '```json\n{"tool_calls": [{"id": "c", "type": "function", "function": {"name": "j", "arguments": {}}}]}\n```\n' +
        '<tool_code>{"name": "x", "arguments": {}}</tool_code>\n',
      n,
    ),
  'json: one tool_calls array, calls with repairs': (n) =>
    `{"tool_calls": [${repeat("{name: 'calc', 'arguments': {x: 1,},}, ", n)}]}`,
}

/** The protocol that reads a shape: the one its name's prefix says, VCP when it has none. */
export const protocolOf = (shape: string): string => /^(auto|json):/.exec(shape)?.[1] ?? 'vcp'

const SMALL = 250_000
const LARGE = 1_000_000

function streamed(text: string, protocol: string): () => number {
  const chunks: string[] = []
  for (let i = 0; i < text.length; i += 16) chunks.push(text.slice(i, i + 16))
  return () => {
    const parser = createStreamParser(protocol)
    for (const chunk of chunks) parser.feed(chunk)
    return parser.end().requests.length
  }
}

/** Milliseconds for each shape, way (one-shot, 16-character chunks) and size, best of `rounds`. */
export function hostileFigures(rounds: number): Record<string, number> {
  const tasks: Record<string, () => unknown> = {}
  for (const [name, make] of Object.entries(HOSTILE_SHAPES)) {
    const protocol = protocolOf(name)
    for (const [size, text] of [
      ['small', make(SMALL)],
      ['large', make(LARGE)],
    ] as const) {
      tasks[`${name}|oneShot|${size}|${text.length}`] = () => parseToolRequests(text, protocol).requests.length
      tasks[`${name}|stream16|${size}|${text.length}`] = streamed(text, protocol)
    }
  }
  return measureInterleaved(tasks, rounds, 2)
}
