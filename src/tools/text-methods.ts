/** The methods of the `text` tool as a model and the workbench see them: names, parameters, examples. */
import type { MethodMetadata } from '../core'

/** The hash algorithms `text_hash` offers (Web Crypto's SHA family). */
const HASHES = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']

/** Every method of the `text` tool, made anew on each call. */
export function textMethods(): MethodMetadata[] {
  return [
    {
      name: 'regexTest',
      displayName: 'Test a regular expression',
      description:
        'Runs a regular expression over a text and lists every match with its index, numbered groups and named groups. ' +
        'RE2 syntax, matched in linear time (no pattern can hang it): classes, groups, (?<name>...), quantifiers and anchors as in JavaScript; ' +
        'no backreferences and no lookahead or lookbehind.',
      agentCallable: true,
      parameters: [
        {
          name: 'pattern',
          type: 'string',
          description: 'The pattern without slashes, e.g. "(\\\\d+)-(?<word>\\\\w+)".',
        },
        { name: 'input', type: 'string', description: 'The text to search.' },
        {
          name: 'flags',
          type: 'string',
          required: false,
          defaultValue: 'g',
          description:
            'Any of g, i, m, s (u is accepted; RE2 always matches by code point). Without g only the first match is listed.',
        },
      ],
      returns: { type: 'object', description: '{ count, matches: [{ match, index, groups, named }] }' },
      example: JSON.stringify({ pattern: '(\\d+)-(?<word>\\w+)', input: '12-ab 7-c', flags: 'g' }),
    },
    {
      name: 'hash',
      displayName: 'Hash text',
      description:
        'Hashes the UTF-8 bytes of a text with SHA-1, SHA-256, SHA-384 or SHA-512 and returns lower-case hex.',
      agentCallable: true,
      parameters: [
        { name: 'text', type: 'string' },
        { name: 'algorithm', type: 'enum', enumValues: HASHES, required: false, defaultValue: 'SHA-256' },
      ],
      returns: { type: 'string', description: 'hex digest' },
      example: JSON.stringify({ text: 'hello', algorithm: 'SHA-256' }),
    },
    {
      name: 'base64Encode',
      displayName: 'Encode base64',
      description: 'Encodes the UTF-8 bytes of a text as base64.',
      agentCallable: true,
      parameters: [
        { name: 'text', type: 'string' },
        {
          name: 'urlSafe',
          type: 'boolean',
          required: false,
          defaultValue: false,
          description: 'Use - and _ and no padding.',
        },
      ],
      returns: { type: 'string' },
      example: JSON.stringify({ text: 'héllo 世界' }),
    },
    {
      name: 'base64Decode',
      displayName: 'Decode base64',
      description: 'Decodes base64 (standard or URL-safe) to UTF-8 text.',
      agentCallable: true,
      parameters: [{ name: 'base64', type: 'string' }],
      returns: { type: 'string' },
      example: JSON.stringify({ base64: 'aMOpbGxvIOS4lueVjA==' }),
    },
    {
      name: 'stats',
      displayName: 'Text statistics',
      description: 'Counts characters (code points), UTF-16 units, UTF-8 bytes, words and lines.',
      agentCallable: true,
      parameters: [{ name: 'text', type: 'string' }],
      returns: { type: 'object' },
      example: JSON.stringify({ text: 'two words\nand a line' }),
    },
  ]
}
