import type { ToolRegistry } from '../core'

/** Longer inputs are refused: a regular expression runs synchronously and cannot be interrupted. */
const MAX_REGEX_INPUT = 200_000
const MAX_MATCHES = 1_000
const HASHES = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']

/** `text`: regular expressions, hashes (Web Crypto) and base64, in the browser and in Node. */
export function createTextTool(): ToolRegistry {
  return {
    id: 'text',
    name: 'Text utilities',
    description: 'Regular expression tests with match groups, SHA hashes, base64, and text statistics.',
    getMetadata: () => ({
      methods: [
        {
          name: 'regexTest',
          displayName: 'Test a regular expression',
          description: 'Runs a JavaScript regular expression over a text and lists every match with its index, numbered groups and named groups.',
          agentCallable: true,
          parameters: [
            { name: 'pattern', type: 'string', description: 'The pattern without slashes, e.g. "(\\\\d+)-(?<word>\\\\w+)".' },
            { name: 'input', type: 'string', description: 'The text to search.' },
            { name: 'flags', type: 'string', required: false, defaultValue: 'g', description: 'Any of d, g, i, m, s, u, v, y. Without g only the first match is listed.' },
          ],
          returns: { type: 'object', description: '{ count, matches: [{ match, index, groups, named }] }' },
          example: JSON.stringify({ pattern: '(\\d+)-(?<word>\\w+)', input: '12-ab 7-c', flags: 'g' }),
        },
        {
          name: 'hash',
          displayName: 'Hash text',
          description: 'Hashes the UTF-8 bytes of a text with SHA-1, SHA-256, SHA-384 or SHA-512 and returns lower-case hex.',
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
            { name: 'urlSafe', type: 'boolean', required: false, defaultValue: false, description: 'Use - and _ and no padding.' },
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
    regexTest(args: { pattern: string; input: string; flags: string }) {
      if (args.input.length > MAX_REGEX_INPUT) throw new Error(`input is ${args.input.length} characters; the limit is ${MAX_REGEX_INPUT}.`)
      let regex: RegExp
      try {
        regex = new RegExp(args.pattern, args.flags)
      } catch (error) {
        throw new Error(`invalid regular expression: ${(error as Error).message}`)
      }
      const matches: { match: string; index: number; groups: (string | null)[]; named?: Record<string, string | null> }[] = []
      const record = (m: RegExpExecArray): void => {
        const entry: (typeof matches)[number] = { match: m[0], index: m.index, groups: m.slice(1).map((g) => g ?? null) }
        if (m.groups) entry.named = Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, v ?? null]))
        matches.push(entry)
      }
      if (!regex.global && !regex.sticky) {
        const m = regex.exec(args.input)
        if (m) record(m)
      } else {
        let m: RegExpExecArray | null
        while (matches.length < MAX_MATCHES && (m = regex.exec(args.input)) !== null) {
          record(m)
          if (m[0] === '') regex.lastIndex++
          if (!regex.global) break
        }
      }
      return { count: matches.length, truncated: matches.length === MAX_MATCHES, matches }
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
