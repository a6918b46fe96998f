/**
 * The lenient JSON reader's readers of single values: strings (in double or single quotes, raw
 * control characters kept), their escapes, numbers, and the literals (Python's included).
 */
import { ref, say } from '../../messages/say'
import { describeAt, fail, type JsonCursor } from './lenient-json-cursor'

/** Reads the string whose quote is at the cursor; its value, escapes decoded. */
export function readString(r: JsonCursor): string {
  const text = r.text
  const open = r.i
  const quote = text[open] as string
  const quoteCode = quote.charCodeAt(0)
  if (quote === "'") singleQuoted(r, open)
  let i = open + 1
  let out = ''
  let runStart = i
  let reportedControl = false
  while (i < r.end) {
    const c = text.charCodeAt(i)
    if (c === quoteCode) {
      out += text.slice(runStart, i)
      r.i = i + 1
      return out
    }
    if (c === 0x5c) {
      out += text.slice(runStart, i)
      r.i = i
      out += readEscape(r)
      i = runStart = r.i
      continue
    }
    if (c < 0x20 && !reportedControl) {
      reportedControl = true
      const character = ref(
        c === 0x0a ? 'json.character.line-break' : c === 0x09 ? 'json.character.tab' : 'json.character.control',
      )
      r.repairs.push({
        code: 'unescaped-control-character',
        ...say('json.repair.control-character', { character }),
        offset: i,
        length: 1,
      })
    }
    i++
  }
  r.i = i
  return fail(r, ref('json.failure.unclosed-string', { quote }), open)
}

/** One warning per payload however many strings use single quotes; it counts them. */
function singleQuoted(r: JsonCursor, at: number): void {
  r.singleQuoteCount++
  if (r.singleQuotes === null) {
    r.singleQuotes = {
      code: 'single-quotes',
      ...say('json.repair.single-quote'),
      offset: at,
      length: 1,
    }
    r.repairs.push(r.singleQuotes)
  } else {
    Object.assign(r.singleQuotes, say('json.repair.single-quotes', { count: r.singleQuoteCount }))
  }
}

/** Reads the escape whose backslash is at the cursor; the character it stands for. */
function readEscape(r: JsonCursor): string {
  const text = r.text
  const at = r.i
  const c = text[at + 1]
  r.i = at + 2
  switch (c) {
    case '"':
      return '"'
    case "'":
      return "'"
    case '\\':
      return '\\'
    case '/':
      return '/'
    case 'b':
      return '\b'
    case 'f':
      return '\f'
    case 'n':
      return '\n'
    case 'r':
      return '\r'
    case 't':
      return '\t'
    case 'u': {
      const hex = text.slice(r.i, r.i + 4)
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(r, ref('json.failure.unicode-escape'), at)
      r.i += 4
      return String.fromCharCode(parseInt(hex, 16))
    }
    default:
      return fail(r, ref('json.failure.unknown-escape', { escape: c ?? '' }), at)
  }
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/

/** Reads the number at the cursor. */
export function readNumber(r: JsonCursor): number {
  const match = NUMBER.exec(r.text.slice(r.i, Math.min(r.end, r.i + 400)))
  if (!match) return fail(r, ref('json.failure.number-expected', { found: describeAt(r, r.i) }))
  r.i += match[0].length
  return Number(match[0])
}

const STRICT_LITERALS: Record<string, unknown> = { true: true, false: false, null: null }
const PYTHON_LITERALS: Record<string, unknown> = { True: true, False: false, None: null }
const has = (record: Record<string, unknown>, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key)

/** Reads `true`, `false` or `null`, or Python's `True`, `False` or `None` (a repair). */
export function readLiteral(r: JsonCursor): unknown {
  const at = r.i
  const word = /^[A-Za-z_]+/.exec(r.text.slice(at, Math.min(r.end, at + 16)))?.[0] ?? ''
  if (has(STRICT_LITERALS, word)) {
    r.i += word.length
    return STRICT_LITERALS[word]
  }
  if (has(PYTHON_LITERALS, word)) {
    r.i += word.length
    r.repairs.push({
      code: 'python-literal',
      ...say('json.repair.python-literal', { word, value: JSON.stringify(PYTHON_LITERALS[word]) }),
      offset: at,
      length: word.length,
    })
    return PYTHON_LITERALS[word]
  }
  return fail(
    r,
    word
      ? ref('json.failure.unquoted-word', { word })
      : ref('json.failure.value-expected', { found: describeAt(r, at) }),
    at,
  )
}
