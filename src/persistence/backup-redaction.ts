/**
 * A saved state's original text, made safe to download: the secrets the workbench keeps (endpoint
 * API keys, MCP servers' header and environment values) are replaced, as every export does, and
 * everything else stays as it was written. The text may be broken JSON (that is often why it was
 * replaced), so it is scanned token by token rather than parsed: a cut-off file loses its
 * secrets too. Linear in the text's length, with no recursion.
 */
import { REDACTED } from '../core/mcp/config'

/** Keys whose string value is a secret. */
const SECRET_KEYS = new Set(['apiKey'])
/** Keys whose object holds a secret in every value (an MCP server's headers and env). */
const SECRET_MAPS = new Set(['headers', 'env'])
/** A secret this long is also taken out wherever else it appears (a key a server echoed into a message). */
const ECHO_MIN_LENGTH = 8

interface Container {
  /** Every string value inside is a secret. */
  secret: boolean
}

/** The text with every secret value replaced by `[redacted]`. */
export function redactSavedText(text: string): string {
  const spans: [start: number, end: number][] = []
  const secrets = new Set<string>()
  const stack: Container[] = []
  let key: string | undefined
  let at = 0
  while (at < text.length) {
    const ch = text[at]
    if (ch === '"') {
      const { end, closed } = stringEnd(text, at)
      const raw = text.slice(at + 1, closed ? end - 1 : end)
      if (closed && isKey(text, end)) key = raw
      else {
        if (raw && (stack.at(-1)?.secret || (key !== undefined && SECRET_KEYS.has(key)))) {
          spans.push([at + 1, at + 1 + raw.length])
          secrets.add(raw)
        }
        key = undefined
      }
      at = end
      continue
    }
    if (ch === '{' || ch === '[') {
      stack.push({ secret: !!stack.at(-1)?.secret || (key !== undefined && SECRET_MAPS.has(key)) })
      key = undefined
    } else if (ch === '}' || ch === ']') stack.pop()
    else if (ch === ',') key = undefined
    at++
  }
  return replaceEchoes(replaceSpans(text, spans), secrets)
}

/** Where the string starting at `start` (its opening quote) ends: after its closing quote, or at the text's end (cut off). */
function stringEnd(text: string, start: number): { end: number; closed: boolean } {
  let at = start + 1
  while (at < text.length) {
    const ch = text[at]
    if (ch === '\\') at += 2
    else if (ch === '"') return { end: at + 1, closed: true }
    else at++
  }
  return { end: text.length, closed: false }
}

/** Whether the string ending at `end` is a key (a colon follows, after any white space). */
function isKey(text: string, end: number): boolean {
  let at = end
  while (at < text.length && /\s/.test(text[at] as string)) at++
  return text[at] === ':'
}

function replaceSpans(text: string, spans: readonly [number, number][]): string {
  if (spans.length === 0) return text
  const parts: string[] = []
  let from = 0
  for (const [start, end] of spans) {
    parts.push(text.slice(from, start), REDACTED)
    from = end
  }
  parts.push(text.slice(from))
  return parts.join('')
}

function replaceEchoes(text: string, secrets: ReadonlySet<string>): string {
  let out = text
  // Longest first, so a secret that holds another is taken out whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length))
    if (secret.length >= ECHO_MIN_LENGTH && out.includes(secret)) out = out.split(secret).join(REDACTED)
  return out
}
