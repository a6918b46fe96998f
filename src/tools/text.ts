import type { ToolRegistry } from '../core'
import type { RegexArgs, RegexRunner } from './regex'

/** Longer inputs are refused: matching is linear, but a call should still answer at once. */
const MAX_REGEX_INPUT = 200_000
const HASHES = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']

/**
 * `text`: regular expressions, hashes (Web Crypto) and base64, in the browser and in Node. Matching
 * runs where `runRegex` puts it: inline by default, in a Web Worker in the browser (./browser), so a
 * long match never holds the page's main thread.
 */
/** Matching in this thread; re2js loads with the first match (the browser passes its worker runner instead). */
const matchHere: RegexRunner = async (args) => (await import('./regex')).matchLinear(args)

export function createTextTool(runRegex: RegexRunner = matchHere): ToolRegistry {
  return {
    id: 'text',
    name: 'Text utilities',
    description: 'Regular expression tests with match groups, SHA hashes, base64, and text statistics.',
    getMetadata: () => ({
      methods: [
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
      ],
    }),
    regexTest(args: RegexArgs, context: { signal: AbortSignal }) {
      if (args.input.length > MAX_REGEX_INPUT)
        throw new Error(`input is ${args.input.length} characters; the limit is ${MAX_REGEX_INPUT}.`)
      return runRegex(args, context.signal)
    },
    async hash(args: { text: string; algorithm: string }) {
      const digest = await globalThis.crypto.subtle.digest(args.algorithm, new TextEncoder().encode(args.text))
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
    },
    base64Encode(args: { text: string; urlSafe: boolean }) {
      const encoded = bytesToBase64(new TextEncoder().encode(args.text))
      return args.urlSafe ? encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : encoded
    },
    base64Decode(args: { base64: string }) {
      const clean = args.base64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/')
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.replace(/=+$/, '').length % 4 === 1) {
        throw new Error('base64 holds characters outside the base64 alphabet or has an impossible length.')
      }
      const padded = clean + '='.repeat((4 - (clean.length % 4)) % 4)
      const binary = atob(padded)
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      } catch {
        throw new Error('the decoded bytes are not valid UTF-8 text.')
      }
    },
    stats(args: { text: string }) {
      const { text } = args
      return {
        characters: [...text].length,
        utf16Units: text.length,
        utf8Bytes: new TextEncoder().encode(text).length,
        words: text.trim() === '' ? 0 : text.trim().split(/\s+/u).length,
        lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
      }
    },
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
