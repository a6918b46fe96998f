/** The `text` tool: regular expressions, hashes, base64 and text statistics. Its metadata is in ./text-methods. */
import type { ToolRegistry } from '../core'
import type { RegexArgs, RegexRunner } from './regex'
import { textMethods } from './text-methods'

/** Longer inputs are refused: matching is linear, but a call should still answer at once. */
const MAX_REGEX_INPUT = 200_000

/** Matching in this thread; re2js loads with the first match (the browser passes its worker runner instead). */
const matchHere: RegexRunner = async (args) => (await import('./regex')).matchLinear(args)

/**
 * `text`: regular expressions, hashes (Web Crypto) and base64, in the browser and in Node. Matching
 * runs where `runRegex` puts it: inline by default, in a Web Worker in the browser (./browser), so a
 * long match never holds the page's main thread.
 */
export function createTextTool(runRegex: RegexRunner = matchHere): ToolRegistry {
  return {
    id: 'text',
    name: 'Text utilities',
    description: 'Regular expression tests with match groups, SHA hashes, base64, and text statistics.',
    getMetadata: () => ({ methods: textMethods() }),
    regexTest(args: RegexArgs, context: { signal: AbortSignal }) {
      if (args.input.length > MAX_REGEX_INPUT)
        throw new Error(`input is ${args.input.length} characters; the limit is ${MAX_REGEX_INPUT}.`)
      return runRegex(args, context.signal)
    },
    hash,
    base64Encode,
    base64Decode,
    stats,
  }
}

/** `text_hash`: the lower-case hex digest of the text's UTF-8 bytes. */
async function hash(args: { text: string; algorithm: string }): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(args.algorithm, new TextEncoder().encode(args.text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** `text_base64Encode`: the text's UTF-8 bytes as base64, URL-safe and unpadded on request. */
function base64Encode(args: { text: string; urlSafe: boolean }): string {
  const encoded = bytesToBase64(new TextEncoder().encode(args.text))
  return args.urlSafe ? encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : encoded
}

/** `text_base64Decode`: standard or URL-safe base64 back to text; refuses what is not base64 of UTF-8. */
function base64Decode(args: { base64: string }): string {
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
}

/** `text_stats`: code points, UTF-16 units, UTF-8 bytes, words and lines. */
function stats(args: { text: string }) {
  const { text } = args
  return {
    characters: [...text].length,
    utf16Units: text.length,
    utf8Bytes: new TextEncoder().encode(text).length,
    words: text.trim() === '' ? 0 : text.trim().split(/\s+/u).length,
    lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
