/**
 * What an MCP server sends, built from the protocol's own pieces, for the property tests and
 * `npm run fuzz -- --target mcp`: tool listings with names near and past MCP's rules (markers,
 * control and direction characters, lengths around 128), schemas made of JSON Schema keywords
 * (patterns that backtrack, huge enums, deep nesting, odd types), descriptions full of every
 * protocol's boundaries, call results with content of every kind and shape, and notifications.
 */
import fc from 'fast-check'

const MARKERS = [
  '<<<[TOOL_REQUEST]>>>',
  '<<<[END_TOOL_REQUEST]>>>',
  '「始」',
  '「末」',
  '「始ESCAPE」',
  '{始}',
  '{末}',
  '<tool_call>',
  '</tool_call>',
  '<tool_code>',
  '</tool_code>',
  '{"tool_calls": [',
  ']}',
  '[TOOL_CALLS]',
  '<|python_tag|>',
  '<function=',
  '</function>',
  'tool_name:',
]
const UNSAFE = [
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\u2028',
  // Tag characters: an invisible copy of ASCII that a model reads.
  '\u{E0041}',
  '\u{E007F}',
]
const PLAIN = ['read', 'file', '_', '-', '.', 'a', 'Z', '9', ' ', '/', ':', '文件', 'é', '$', '"', "'", '\\']

/** One piece of server text: plain letters, a protocol's boundary, or a character that hides or reorders text. */
export const piece = fc.oneof(fc.constantFrom(...PLAIN), fc.constantFrom(...MARKERS), fc.constantFrom(...UNSAFE))

/** Names: mostly fine, often broken in one of the ways a hostile server tries. */
export const toolNameArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/),
  fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  fc.integer({ min: 126, max: 130 }).map((n) => 'n'.repeat(n)),
  fc.constant(''),
)

/** Text: prose with every protocol's boundaries and the characters that hide or reorder text. */
export const serverTextArb = fc
  .array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 24 })
  .map((parts) => parts.join(''))

const PATTERNS = ['^(a+)+$', '^(a|aa)+$', '(x+x+)+y', '^[a-z]+$', '^(?=a)a$', '(a)\\1', '[', '\\p{L}+', '^.*$', '']

/** A JSON Schema built from its keywords, to a depth. */
export const schemaArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ schema: Record<string, unknown> }>(
  (tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record(
        {
          type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null', ['string', 'null'], 'weird'),
          pattern: fc.constantFrom(...PATTERNS),
          enum: fc.oneof(
            fc.array(serverTextArb, { maxLength: 5 }),
            fc
              .tuple(fc.integer({ min: 1001, max: 3000 }), serverTextArb)
              .map(([n, odd]) => [...Array.from({ length: n }, (_, k) => `v${k}`), odd]),
          ),
          description: serverTextArb,
          default: fc.oneof(serverTextArb, fc.integer(), fc.constant(null)),
          minLength: fc.nat(5),
          format: fc.constantFrom('regex', 'uri', 'email'),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          type: fc.constant('object'),
          properties: fc.dictionary(fc.oneof(toolNameArb, fc.constantFrom('__proto__', 'constructor')), tie('schema'), {
            maxKeys: 4,
          }),
          required: fc.array(toolNameArb, { maxLength: 3 }),
          additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
          patternProperties: fc.dictionary(fc.constantFrom(...PATTERNS), tie('schema'), { maxKeys: 2 }),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record({ type: fc.constant('array'), items: tie('schema') }),
      fc.record({ anyOf: fc.array(tie('schema'), { maxLength: 3 }) }),
    ),
  }),
).schema

/** Nesting past any sensible depth. */
export const deepSchemaArb = fc.integer({ min: 60, max: 300 }).map((depth) => {
  let schema: Record<string, unknown> = { type: 'string', pattern: '^(a+)+$' }
  for (let n = 0; n < depth; n++) schema = { type: 'object', properties: { x: schema } }
  return schema
})

export const listedToolArb = fc.record(
  {
    name: toolNameArb,
    title: serverTextArb,
    description: serverTextArb,
    inputSchema: fc.oneof(schemaArb, deepSchemaArb, fc.constantFrom(null, 'schema', 42) as fc.Arbitrary<unknown>),
    annotations: fc.record({ readOnlyHint: fc.boolean(), title: serverTextArb }, { requiredKeys: [] }),
  },
  { requiredKeys: ['name', 'inputSchema'] },
)

/** A tool whose one parameter allows more values than a form can list, a few of them hostile. */
export const bigChoiceToolArb = fc.record({
  name: fc.stringMatching(/^[a-z]{1,12}$/),
  inputSchema: fc
    .tuple(fc.integer({ min: 1001, max: 3000 }), fc.array(serverTextArb, { minLength: 1, maxLength: 4 }))
    .map(([n, odd]) => ({
      type: 'object',
      properties: { choice: { type: 'string', enum: [...odd, ...Array.from({ length: n }, (_, k) => `v${k}`)] } },
    })),
})

/** A whole tools/list answer, sometimes with entries that are not tools at all. */
export const listingArb = fc.array(
  fc.oneof(
    { weight: 9, arbitrary: listedToolArb as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: bigChoiceToolArb },
    { weight: 1, arbitrary: fc.constantFrom(null, 'tool', [], 7) },
  ),
  { maxLength: 8 },
)

/** Arguments a model might send for any of those tools: strings that stress the patterns. */
export const argumentsArb = fc.dictionary(
  fc.oneof(toolNameArb, fc.constantFrom('x', 's', 'path')),
  fc.oneof(
    fc.integer({ min: 10, max: 5000 }).map((n) => 'a'.repeat(n) + '!'),
    serverTextArb,
    fc.integer(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  ),
  { maxKeys: 4 },
)

const contentItemArb = fc.oneof(
  fc.record(
    { type: fc.constant('text'), text: fc.oneof(serverTextArb, fc.constant(42) as fc.Arbitrary<unknown>) },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('image'),
      data: fc.oneof(fc.base64String({ maxLength: 40 }), fc.constant('not base64!')),
      mimeType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', ''),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({
    type: fc.constant('audio'),
    data: fc.base64String({ maxLength: 20 }),
    mimeType: fc.constant('audio/wav'),
  }),
  fc.record({
    type: fc.constant('resource'),
    resource: fc.record(
      {
        uri: serverTextArb,
        text: serverTextArb,
        blob: fc.base64String({ maxLength: 20 }),
        mimeType: fc.constantFrom('text/plain', 'application/json'),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ type: fc.constant('resource_link'), uri: serverTextArb, name: serverTextArb }),
  fc.record({ type: serverTextArb }),
  fc.constantFrom(null, 'text', 7, []),
)

/** A tools/call result: content of every kind and shape, structured content, isError. */
export const callResultArb = fc.record(
  {
    content: fc.oneof(
      fc.array(contentItemArb, { maxLength: 5 }) as fc.Arbitrary<unknown>,
      fc.constantFrom(null, 'text', {}),
    ),
    structuredContent: fc.oneof(
      fc.dictionary(fc.string({ maxLength: 5 }), serverTextArb, { maxKeys: 3 }) as fc.Arbitrary<unknown>,
      fc.constant(null),
    ),
    isError: fc.oneof(fc.boolean() as fc.Arbitrary<unknown>, fc.constant('yes')),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<unknown>

/** Progress notifications as a server sends them: numbers, and whatever else it puts there. */
export const progressArb = fc.record(
  {
    progress: fc.oneof(fc.double() as fc.Arbitrary<unknown>, fc.integer(), fc.constantFrom(null, '5', -1, Infinity)),
    total: fc.oneof(fc.double() as fc.Arbitrary<unknown>, fc.constant(undefined), fc.constant('10')),
    message: fc.oneof(serverTextArb as fc.Arbitrary<unknown>, fc.constant(12)),
  },
  { requiredKeys: [] },
)
