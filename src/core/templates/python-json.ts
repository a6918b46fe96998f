/**
 * JSON read as Python's `json.loads` reads it, for a template's inputs. JSON.parse loses two things a
 * template can print: that `1.0` is a float (JavaScript has one number type, so it would print `1`),
 * and the written order of an object's keys (JavaScript puts integer-like keys first). Here a number
 * written with a fraction or an exponent is a float, an int past 2**53 keeps its digits (PyBigInt), an
 * object is a Map in its written order, and NaN, Infinity and -Infinity are read as Python reads them.
 */
import { PyBigInt, PyFloat } from './values'

export type PythonJson = null | boolean | number | string | PyFloat | PythonJson[] | Map<string, PythonJson>

// Python's json gives up on deeper nesting (its recursion limit); this keeps the stack safe.
const MAX_DEPTH = 1000
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
const WORDS: [string, PythonJson][] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', new PyFloat(NaN)],
  ['Infinity', new PyFloat(Infinity)],
  ['-Infinity', new PyFloat(-Infinity)],
]

/** Parses `text`; throws a SyntaxError naming the offset where it is not JSON. */
export function parseJsonAsPython(text: string): PythonJson {
  const reader = new Reader(text)
  const value = reader.value(0)
  reader.space()
  if (reader.at < text.length) reader.fail('unexpected text after the value')
  return value
}

class Reader {
  at = 0

  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new SyntaxError(`${what} at offset ${this.at} of the JSON text`)
  }

  space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at] as string)) this.at++
  }

  value(depth: number): PythonJson {
    if (depth > MAX_DEPTH) this.fail('nested too deeply')
    this.space()
    const char = this.text[this.at]
    if (char === '{') return this.object(depth)
    if (char === '[') return this.array(depth)
    if (char === '"') return this.string()
    for (const [word, value] of WORDS)
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length
        return value
      }
    return this.number()
  }

  private number(): PythonJson {
    NUMBER.lastIndex = this.at
    const match = NUMBER.exec(this.text)
    if (!match) this.fail('expected a value')
    this.at += match[0].length
    const value = Number(match[0])
    if (match[1] !== undefined || match[2] !== undefined) return new PyFloat(value)
    return Number.isSafeInteger(value) ? value : new PyBigInt(BigInt(match[0]))
  }

  private string(): string {
    let end = this.at + 1
    while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === '\\' ? 2 : 1
    if (end >= this.text.length) this.fail('unterminated string')
    const literal = this.text.slice(this.at, end + 1)
    try {
      const value = JSON.parse(literal) as string
      this.at = end + 1
      return value
    } catch {
      return this.fail('invalid string')
    }
  }

  private array(depth: number): PythonJson[] {
    const items: PythonJson[] = []
    this.at++
    this.space()
    if (this.text[this.at] === ']') {
      this.at++
      return items
    }
    for (;;) {
      items.push(this.value(depth + 1))
      if (this.separator(']')) return items
    }
  }

  private object(depth: number): Map<string, PythonJson> {
    const entries = new Map<string, PythonJson>()
    this.at++
    this.space()
    if (this.text[this.at] === '}') {
      this.at++
      return entries
    }
    for (;;) {
      this.space()
      if (this.text[this.at] !== '"') this.fail('expected a key')
      const key = this.string()
      this.space()
      if (this.text[this.at] !== ':') this.fail("expected ':'")
      this.at++
      // A repeated key keeps its first place and takes the last value, as in a Python dict.
      entries.set(key, this.value(depth + 1))
      if (this.separator('}')) return entries
    }
  }

  /** After an item: true at the closing bracket, false after a comma. */
  private separator(close: string): boolean {
    this.space()
    const char = this.text[this.at]
    this.at++
    if (char === close) return true
    if (char !== ',') this.fail(`expected ',' or '${close}'`)
    return false
  }
}
