/**
 * Chat-completion streams built from the SSE grammar's own pieces, for the property tests and
 * `npm run fuzz -- --target chat`: data lines, comments, event names, ids, retry, every line end,
 * `[DONE]`, chunks with content, tool-call deltas, usage, finish reasons and error objects, cut
 * anywhere and delivered in pieces split at any byte (inside UTF-8 sequences too).
 */
import fc from 'fast-check'

const TEXT = [
  'Hello',
  ' world',
  '\n',
  '「始」',
  '<<<[TOOL_REQUEST]>>>',
  '文字',
  '😀',
  '"',
  '\\',
  '{',
  '}',
  'data: ',
  '\r\n',
  '',
]

export type StreamEvent =
  | { kind: 'content'; text: string }
  | { kind: 'tool'; index: number; id?: string; name?: string; args?: string }
  | { kind: 'finish'; reason: string }
  | { kind: 'usage' }
  | { kind: 'error' }
  | { kind: 'comment'; text: string }
  | { kind: 'named'; name: string; data: string }
  | { kind: 'raw'; text: string }
  | { kind: 'done' }

const eventArb: fc.Arbitrary<StreamEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(fc.constantFrom(...TEXT), { minLength: 1, maxLength: 4 })
      .map((parts) => ({ kind: 'content' as const, text: parts.join('') })),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant('tool' as const),
        index: fc.nat(2),
        id: fc.constantFrom('call_1', 'call_2'),
        name: fc.constantFrom('calc_evaluate', 'fs_', 'read'),
        args: fc.constantFrom('{"expression":', '"1+2"}', '{', ''),
      },
      { requiredKeys: ['kind', 'index'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('stop', 'tool_calls', 'length').map((reason) => ({ kind: 'finish' as const, reason })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'usage' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'error' as const }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('keep-alive', '', 'ping').map((text) => ({ kind: 'comment' as const, text })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('named' as const),
      name: fc.constantFrom('ping', 'message', 'error'),
      data: fc.constantFrom('', '{}', 'x'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'id: 7',
        'retry: 1000',
        'data',
        'data:',
        ':',
        'data: {not json',
        'data: null',
        'data: []',
        'data: {"choices": 5}',
      )
      .map((text) => ({ kind: 'raw' as const, text })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'done' as const }) },
)

function chunkJson(event: StreamEvent): string | null {
  switch (event.kind) {
    case 'content':
      return JSON.stringify({ choices: [{ index: 0, delta: { content: event.text }, finish_reason: null }] })
    case 'tool':
      return JSON.stringify({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index: event.index,
                  id: event.id,
                  type: 'function',
                  function: { name: event.name, arguments: event.args },
                },
              ],
            },
          },
        ],
      })
    case 'finish':
      return JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: event.reason }] })
    case 'usage':
      return JSON.stringify({ choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } })
    case 'error':
      return JSON.stringify({ error: { message: 'overloaded' } })
    default:
      return null
  }
}

/** One event as SSE text, with the line end chosen for it. */
function eventText(event: StreamEvent, end: string): string {
  const json = chunkJson(event)
  if (json !== null) return `data: ${json}${end}${end}`
  switch (event.kind) {
    case 'comment':
      return `: ${event.text}${end}${end}`
    case 'named':
      return `event: ${event.name}${end}data: ${event.data}${end}${end}`
    case 'raw':
      return `${event.text}${end}${end}`
    default:
      return `data: [DONE]${end}${end}`
  }
}

export interface ChatStreamCase {
  events: StreamEvent[]
  lineEnd: string
  /** Where the byte stream stops (a fraction of its length), or 1 for all of it. */
  keep: number
  /** Byte offsets where the stream is split into reads. */
  splits: number[]
  /** A huge line somewhere, to meet the line limit. */
  hugeLine: boolean
}

export const chatStreamCaseArb: fc.Arbitrary<ChatStreamCase> = fc.record({
  events: fc.array(eventArb, { maxLength: 30 }),
  lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
  keep: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  splits: fc.array(fc.nat(4000), { maxLength: 12 }),
  hugeLine: fc.boolean(),
})

/** The case as the bytes a server sends, already cut in reads. */
export function streamBytes(input: ChatStreamCase, hugeLineBytes: number): Uint8Array[] {
  let text = input.events.map((event) => eventText(event, input.lineEnd)).join('')
  if (input.hugeLine)
    text =
      text.slice(0, Math.floor(text.length / 2)) +
      'data: ' +
      'z'.repeat(hugeLineBytes) +
      text.slice(Math.floor(text.length / 2))
  const all = new TextEncoder().encode(text)
  const kept = all.subarray(0, Math.floor(all.length * input.keep))
  const cuts = [...new Set(input.splits.filter((at) => at > 0 && at < kept.length))].sort((a, b) => a - b)
  const pieces: Uint8Array[] = []
  let from = 0
  for (const cut of [...cuts, kept.length]) {
    if (cut > from) pieces.push(kept.subarray(from, cut))
    from = cut
  }
  return pieces
}

/** Every piece of content the stream carries, in order: what an answer may be a prefix of. */
export function contentOf(input: ChatStreamCase): string {
  return input.events.map((event) => (event.kind === 'content' ? event.text : '')).join('')
}
