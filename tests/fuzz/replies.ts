/**
 * Model replies built from the grammars' own pieces, for the property tests and `npm run fuzz`.
 * Random letters almost never form a marker; these replies are made of markers, values (plain,
 * escaped, unclosed), fences, reasoning tags, runs of '<' and '>', JSON calls and their tags, and
 * then truncated, so every path of every parser is reached often.
 */
import fc from 'fast-check'

export const VCP_MARKERS = [
  '<<<[TOOL_REQUEST]>>>',
  '<<<[END_TOOL_REQUEST]>>>',
  '<<[tool_request]>>',
  '<<<<[END_TOOL_REQUEST]>>>>',
  '<<<[TOOL_REQUEST_ESCAPE]>>>',
  '<<<[END_TOOL_REQUEST_ESCAPE]>>>',
  '<<<[TOOL_RESULT]>>>',
  '<<<[END_TOOL_RESULT]>>>',
]
export const VALUE_OPENS = ['「始」', '「始ESCAPE」', '「始exp」', '{始}']
const VALUE_CLOSES = ['「末」', '「末ESCAPE」', '「末exp」', '{末}']
const PROSE = [
  '\n',
  '\r\n',
  ' ',
  '.',
  '->',
  '=>',
  '>',
  '>>',
  '<',
  '<<',
  '<<<',
  '>>>',
  '<[',
  '[',
  ']',
  '//',
  '`',
  '```',
  '~~~',
  '```js\n',
  '<think>',
  '</think>',
  '<thinking>',
  '</thinking>',
  'think',
  'The result is ',
  '参数',
  '「',
  '」',
  '始',
  '末',
  ':',
  '：',
  ',',
]
export const JSON_PIECES = [
  '{"tool_calls": [',
  ']}',
  '{"name": "calc_evaluate", "arguments": {"expression": "1+2"}}',
  '{"id": "call_1", "type": "function", "function": {"name": "fs_tree", "arguments": "{\\"path\\": \\"/\\"}"}}',
  '<tool_code>',
  '</tool_code>',
  '<tool_call>',
  '</tool_call>',
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  '\\"',
  ',',
  ':',
  '"name"',
  '"arguments"',
  '"tool_calls"',
  'True',
  'None',
  "'single'",
  '```json\n',
  '\n```',
]
const KEYS = ['tool_name', 'request_id', 'command', 'command1', 'path1', 'expression', 'content', 'k', 'limit']
const TOOL_NAMES = ['calc_evaluate', 'fs_write', 'fs', 'text_hash', 'unknown_tool', '']

const prose = fc
  .array(fc.oneof(fc.constantFrom(...PROSE), fc.string({ maxLength: 6 })), { maxLength: 12 })
  .map((p) => p.join(''))

/** One field: a key, a value opening, a body that may hold any piece, and maybe no close at all. */
const field = fc
  .record({
    key: fc.constantFrom(...KEYS),
    colon: fc.constantFrom(':', '：', ': ', ' :'),
    open: fc.constantFrom(...VALUE_OPENS),
    body: fc.array(
      fc.oneof(fc.constantFrom(...VCP_MARKERS, ...VALUE_CLOSES, ...PROSE), fc.constantFrom(...TOOL_NAMES)),
      { maxLength: 6 },
    ),
    close: fc.oneof(fc.constantFrom(...VALUE_CLOSES), fc.constant('')),
  })
  .map((f) => `${f.key}${f.colon}${f.open}${f.body.join('')}${f.close}`)

const vcpBlock = fc
  .record({
    before: prose,
    start: fc.constantFrom(...VCP_MARKERS.slice(0, 5)),
    fields: fc.array(fc.tuple(field, fc.constantFrom('\n', ',\n', ' ', '')), { maxLength: 5 }),
    end: fc.oneof(fc.constantFrom(...VCP_MARKERS), fc.constant('')),
  })
  .map((b) => `${b.before}${b.start}\n${b.fields.map(([f, sep]) => f + sep).join('')}${b.end}`)

/** The family that once hung the VCP scanner: requests with unclosed escaped values, then Markdown. */
const unclosedThenMarkdown = fc
  .record({
    blocks: fc.array(
      fc.record({
        pad: fc.string({ maxLength: 40, unit: fc.constantFrom('.', ' ', '\n') }),
        kind: fc.constantFrom('ESCAPE', 'exp'),
        tool: fc.constantFrom(...TOOL_NAMES),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    tail: fc.array(fc.constantFrom('```', '```\n', '->', '>', '.', '\n', ' ', '<', '<<<[TOOL_REQUEST]>>>'), {
      maxLength: 40,
    }),
  })
  .map(
    ({ blocks, tail }) =>
      blocks
        .map(
          (b) =>
            `<<<[TOOL_REQUEST]>>>${b.pad}tool_name:「始」${b.tool}「末」,k:「始${b.kind}」${b.pad}<<<[END_TOOL_REQUEST]>>>${b.pad}`,
        )
        .join('') + tail.join(''),
  )

const jsonish = fc.array(fc.oneof(fc.constantFrom(...JSON_PIECES), prose), { maxLength: 30 }).map((p) => p.join(''))

/** Any reply: the families above, mixed, repeated and cut short at any point. */
export const replyArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.oneof(vcpBlock, unclosedThenMarkdown, jsonish, prose), { minLength: 1, maxLength: 5 }),
    fc.boolean(),
    fc.nat(),
  )
  .map(([parts, truncate, cutAt]) => {
    const text = parts.join('')
    return truncate && text.length > 0 ? text.slice(0, cutAt % (text.length + 1)) : text
  })

/** Where a streamed reply is cut: a few random places, or a fixed small chunk size. */
export const chunkingArb: fc.Arbitrary<{ cuts: number[] } | { size: number }> = fc.oneof(
  fc.array(fc.nat({ max: 4000 }), { maxLength: 24 }).map((cuts) => ({ cuts })),
  fc.integer({ min: 1, max: 9 }).map((size) => ({ size })),
)
