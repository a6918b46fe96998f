/**
 * JSON as models write it. Strict JSON parses as JSON.parse would; on top of that, the slips real
 * models make are repaired, each reported with its position: trailing commas, single quotes,
 * unquoted keys, Python's True/False/None, raw newlines and tabs inside strings. What cannot be
 * repaired is an error at the offset where reading failed. Never throws.
 *
 * Objects are built with own properties only (`__proto__` is an ordinary key), and the span of
 * every object and array is recorded, so a caller can point at one call inside a payload.
 */
import { setOwn } from '../../own-record'

export interface JsonRepair {
  code: 'trailing-comma' | 'single-quotes' | 'unquoted-key' | 'python-literal' | 'unescaped-control-character'
  message: string
  /** Offset in the text given to parseLenientJson. */
  offset: number
  length: number
}

export interface JsonSpan {
  start: number
  end: number
}

export type LenientJsonResult =
  | { ok: true; value: unknown; repairs: JsonRepair[]; spans: WeakMap<object, JsonSpan>; end: number }
  | { ok: false; message: string; offset: number; repairs: JsonRepair[] }

const MAX_DEPTH = 256

class JsonFailure {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

/** Parses one JSON value from text[start, end); text after the value (other than space) is an error. */
export function parseLenientJson(text: string, start = 0, end = text.length): LenientJsonResult {
  const repairs: JsonRepair[] = []
  const spans = new WeakMap<object, JsonSpan>()
  let i = start
  let depth = 0

  const fail = (message: string, at = i): never => {
    throw new JsonFailure(message, at)
  }
  const describeAt = (at: number): string =>
    at >= end ? 'the end of the payload' : text[at] === '"' ? `'"'` : `"${text[at]}"`
  const skipSpace = (): void => {
    while (i < end) {
      const c = text.charCodeAt(i)
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) i++
      else break
    }
  }

  function value(): unknown {
    skipSpace()
    if (i >= end) fail('a value was expected but the payload ends')
    const c = text[i] as string
    if (c === '{') return object()
    if (c === '[') return array()
    if (c === '"' || c === "'") return string()
    if (c === '-' || (c >= '0' && c <= '9')) return number()
    return literal()
  }

  function enter(): void {
    if (++depth > MAX_DEPTH) fail(`the payload nests deeper than ${MAX_DEPTH} levels`)
  }

  function object(): Record<string, unknown> {
    const open = i
    enter()
    i++
    const out: Record<string, unknown> = {}
    skipSpace()
    if (text[i] === '}') {
      i++
      depth--
      spans.set(out, { start: open, end: i })
      return out
    }
    for (;;) {
      skipSpace()
      const key = objectKey()
      skipSpace()
      if (text[i] !== ':') fail(`":" was expected after the key "${key}", found ${describeAt(i)}`)
      i++
      setOwn(out, key, value())
      skipSpace()
      if (text[i] === ',') {
        const comma = i
        i++
        skipSpace()
        if (text[i] === '}') {
          repairs.push({
            code: 'trailing-comma',
            message: 'A trailing comma before "}" was ignored.',
            offset: comma,
            length: 1,
          })
          i++
          break
        }
        continue
      }
      if (text[i] === '}') {
        i++
        break
      }
      fail(`"," or "}" was expected in an object, found ${describeAt(i)}`)
    }
    depth--
    spans.set(out, { start: open, end: i })
    return out
  }

  function objectKey(): string {
    const c = text[i]
    if (c === '"' || c === "'") return string()
    const keyStart = i
    while (i < end && /[A-Za-z0-9_$-]/.test(text[i] as string)) i++
    if (i === keyStart) fail(`a key was expected in an object, found ${describeAt(i)}`)
    const key = text.slice(keyStart, i)
    repairs.push({
      code: 'unquoted-key',
      message: `Key ${key} has no quotes; read as "${key}".`,
      offset: keyStart,
      length: key.length,
    })
    return key
  }

  function array(): unknown[] {
    const open = i
    enter()
    i++
    const out: unknown[] = []
    skipSpace()
    if (text[i] === ']') {
      i++
      depth--
      spans.set(out, { start: open, end: i })
      return out
    }
    for (;;) {
      out.push(value())
      skipSpace()
      if (text[i] === ',') {
        const comma = i
        i++
        skipSpace()
        if (text[i] === ']') {
          repairs.push({
            code: 'trailing-comma',
            message: 'A trailing comma before "]" was ignored.',
            offset: comma,
            length: 1,
          })
          i++
          break
        }
        continue
      }
      if (text[i] === ']') {
        i++
        break
      }
      fail(`"," or "]" was expected in an array, found ${describeAt(i)}`)
    }
    depth--
    spans.set(out, { start: open, end: i })
    return out
  }

  // One warning per payload however many strings use single quotes; it counts them.
  let singleQuotes: JsonRepair | null = null
  let singleQuoteCount = 0
  function singleQuoted(at: number): void {
    singleQuoteCount++
    if (singleQuotes === null) {
      singleQuotes = {
        code: 'single-quotes',
        message: 'A string in single quotes was read as a JSON string.',
        offset: at,
        length: 1,
      }
      repairs.push(singleQuotes)
    } else {
      singleQuotes.message = `${singleQuoteCount} strings in single quotes were read as JSON strings (the first here).`
    }
  }

  function string(): string {
    const quote = text[i] as string
    const open = i
    if (quote === "'") singleQuoted(open)
    i++
    let out = ''
    let runStart = i
    let reportedControl = false
    while (i < end) {
      const c = text.charCodeAt(i)
      if (c === quote.charCodeAt(0)) {
        out += text.slice(runStart, i)
        i++
        return out
      }
      if (c === 0x5c) {
        out += text.slice(runStart, i)
        out += escape()
        runStart = i
        continue
      }
      if (c < 0x20 && !reportedControl) {
        reportedControl = true
        const name = c === 0x0a ? 'a line break' : c === 0x09 ? 'a tab' : 'a control character'
        repairs.push({
          code: 'unescaped-control-character',
          message: `A string holds ${name} that JSON requires escaped; it was kept as it is.`,
          offset: i,
          length: 1,
        })
      }
      i++
    }
    return fail(`the string that starts here never closes (no ${quote === '"' ? 'closing "' : "closing '"})`, open)
  }

  function escape(): string {
    const at = i
    i++
    const c = text[i]
    i++
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
        const hex = text.slice(i, i + 4)
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('"\\u" must be followed by four hexadecimal digits', at)
        i += 4
        return String.fromCharCode(parseInt(hex, 16))
      }
      default:
        return fail(`"\\${c ?? ''}" is not a JSON escape`, at)
    }
  }

  function number(): number {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, Math.min(end, i + 400)))
    if (!match) fail(`a number was expected, found ${describeAt(i)}`)
    const n = Number((match as RegExpExecArray)[0])
    i += (match as RegExpExecArray)[0].length
    return n
  }

  function literal(): unknown {
    const word = /^[A-Za-z_]+/.exec(text.slice(i, Math.min(end, i + 16)))?.[0] ?? ''
    const at = i
    const strict: Record<string, unknown> = { true: true, false: false, null: null }
    const python: Record<string, unknown> = { True: true, False: false, None: null }
    if (Object.prototype.hasOwnProperty.call(strict, word)) {
      i += word.length
      return strict[word]
    }
    if (Object.prototype.hasOwnProperty.call(python, word)) {
      i += word.length
      const json = JSON.stringify(python[word])
      repairs.push({
        code: 'python-literal',
        message: `Python's ${word} was read as ${json}.`,
        offset: at,
        length: word.length,
      })
      return python[word]
    }
    return fail(
      word ? `"${word}" is not a JSON value (strings need quotes)` : `a value was expected, found ${describeAt(at)}`,
      at,
    )
  }

  try {
    const parsed = value()
    skipSpace()
    if (i < end) fail(`the payload continues after its value with ${describeAt(i)}`)
    return { ok: true, value: parsed, repairs, spans, end: i }
  } catch (error) {
    if (error instanceof JsonFailure) return { ok: false, message: error.message, offset: error.offset, repairs }
    // A RangeError from a pathological payload is still a payload error, not a crash.
    return { ok: false, message: error instanceof Error ? error.message : String(error), offset: i, repairs }
  }
}
