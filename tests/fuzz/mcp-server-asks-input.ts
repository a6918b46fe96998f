/**
 * What a server offers and asks besides tools, built from the protocol's own pieces: listed
 * prompts, resources and templates (names, markers, unsafe characters, URI template expressions)
 * and form elicitation requests (flat schemas of every field kind, with odd types, choices, formats
 * and bounds) with the answers a person could give.
 */
import fc from 'fast-check'
import { piece, serverTextArb, toolNameArb } from './mcp-input'

/** Values of the wrong type, where a server should have written something else. */
export const anything = fc.constantFrom(null, 7, [], {}, true) as fc.Arbitrary<unknown>
/** A URI template built from its pieces: expressions with every operator, unclosed braces, markers. */
const uriTemplateArb = fc
  .array(
    fc.oneof(piece, fc.constantFrom('{a}', '{+b}', '{?q,r}', '{#f}', '{/p*}', '{', '}', '{}', '{a:3}', 'demo://')),
    {
      maxLength: 10,
    },
  )
  .map((parts) => parts.join(''))
/** One listed prompt, resource or template, as any server writes it. */
export const offerItemArb = fc.record(
  {
    name: fc.oneof(toolNameArb as fc.Arbitrary<unknown>, serverTextArb, anything),
    title: fc.oneof(serverTextArb as fc.Arbitrary<unknown>, anything),
    description: fc.oneof(serverTextArb as fc.Arbitrary<unknown>, anything),
    uri: fc.oneof(uriTemplateArb as fc.Arbitrary<unknown>, anything),
    uriTemplate: fc.oneof(uriTemplateArb as fc.Arbitrary<unknown>, anything),
    mimeType: fc.oneof(serverTextArb as fc.Arbitrary<unknown>, fc.constantFrom('application/json', 'image/png')),
    size: fc.oneof(fc.double() as fc.Arbitrary<unknown>, anything),
    text: fc.oneof(serverTextArb as fc.Arbitrary<unknown>, fc.constantFrom('{"a":1}', '[1,', 'null'), anything),
    blob: fc.oneof(fc.base64String({ maxLength: 40 }) as fc.Arbitrary<unknown>, anything),
    arguments: fc.oneof(
      fc.array(
        fc.record({
          name: fc.oneof(toolNameArb as fc.Arbitrary<unknown>, anything),
          description: serverTextArb,
          required: anything,
        }),
        { maxLength: 3 },
      ) as fc.Arbitrary<unknown>,
      anything,
    ),
  },
  { requiredKeys: [] },
)

/** Mostly what the protocol says, sometimes a value of the wrong type. */
const mostly = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: anything, weight: 1 })
const optional = { requiredKeys: [] as never[] }
const shown = { title: mostly(serverTextArb), description: mostly(serverTextArb) }
const bound = mostly(fc.integer({ min: -2, max: 20 }))

const fieldNameArb = fc.oneof(
  { arbitrary: fc.constantFrom('name', 'email', 'age', 'agree', 'color'), weight: 4 },
  { arbitrary: fc.constantFrom('constructor', '__proto__', 'toString', 'a b', ''), weight: 1 },
  { arbitrary: toolNameArb, weight: 1 },
)
const choicesArb = fc.array(serverTextArb, { minLength: 1, maxLength: 6 })
/** One property of a requested schema: each kind a form draws, with its keywords, and kinds it cannot. */
const elicitationPropertyArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      type: fc.constant('string'),
      ...shown,
      format: mostly(fc.constantFrom('email', 'uri', 'date', 'date-time', 'ipv4')),
      minLength: bound,
      maxLength: bound,
      default: mostly(serverTextArb),
    },
    optional,
  ),
  fc.record(
    {
      type: fc.constantFrom('number', 'integer'),
      ...shown,
      minimum: mostly(fc.double()),
      maximum: mostly(fc.double()),
    },
    optional,
  ),
  fc.record({ type: fc.constant('boolean'), ...shown, default: mostly(fc.boolean()) }, optional),
  fc.record(
    { type: fc.constant('string'), ...shown, enum: mostly(choicesArb), enumNames: mostly(choicesArb) },
    optional,
  ),
  fc.record(
    {
      type: fc.constant('string'),
      ...shown,
      oneOf: fc.array(fc.record({ const: mostly(serverTextArb), title: serverTextArb })),
    },
    optional,
  ),
  fc.record(
    {
      type: fc.constant('array'),
      ...shown,
      items: mostly(fc.record({ type: fc.constant('string'), enum: choicesArb })),
      minItems: bound,
      maxItems: bound,
    },
    optional,
  ),
  fc.record({ type: fc.constantFrom('object', 'null', 'date'), ...shown }, optional),
  anything,
)

/** A form elicitation request as any server writes it, and values a person might give its fields. */
export const elicitationCaseArb = fc.record({
  request: fc.record(
    {
      message: mostly(serverTextArb),
      requestedSchema: mostly(
        fc.record(
          {
            type: mostly(fc.constant('object')),
            properties: mostly(fc.dictionary(fieldNameArb, elicitationPropertyArb, { maxKeys: 6 })),
            required: mostly(fc.array(fieldNameArb, { maxLength: 4 })),
          },
          { requiredKeys: ['type', 'properties'] },
        ),
      ),
    },
    { requiredKeys: ['requestedSchema'] },
  ),
  answers: fc.array(
    fc.dictionary(fieldNameArb, fc.oneof(serverTextArb, fc.double(), fc.boolean(), fc.array(serverTextArb), anything), {
      maxKeys: 6,
    }),
    { maxLength: 2 },
  ),
})
