/**
 * `JSON.parse` for a text too big to parse in one go on a page's main thread: a 2.4 MB
 * `tools/list` answer costs more than 100 ms there. Values up to a slice are parsed natively;
 * a bigger object or array is walked member by member, runs of small members parsed together,
 * and `pause()` is awaited after each slice's worth of text, so the page draws in between.
 * The result, and whether the text is refused, are exactly those of `JSON.parse`.
 */

export interface JsonInSlicesOptions {
  /** Characters parsed between two pauses. @default 262144 */
  sliceChars?: number
  /** Awaited between slices. @default a macrotask (`setTimeout(0)`) */
  pause?: () => Promise<void>
}

const DEFAULT_SLICE_CHARS = 256 * 1024
/**
 * What a member of a walked object or array costs besides its characters, counted as characters:
 * finding it, and adding it to its parent, cost about as much as parsing 48 characters.
 */
const MEMBER_CHARS = 48
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

export async function parseJsonInSlices(text: string, options: JsonInSlicesOptions = {}): Promise<unknown> {
  const slice = Math.max(1, options.sliceChars ?? DEFAULT_SLICE_CHARS)
  if (text.length <= slice) return JSON.parse(text)
  const parser = new SlicedParser(text, slice, options.pause ?? nextTask)
  const start = skipSpace(text, 0)
  if (start === text.length) return JSON.parse(text)
  const [value, end] = await parser.valueAt(start)
  if (skipSpace(text, end) !== text.length) fail(skipSpace(text, end))
  return value
}

/** One text's parse: where it is, and how much was parsed since the last pause. */
class SlicedParser {
  private spent = 0

  constructor(
    private readonly text: string,
    private readonly slice: number,
    private readonly pause: () => Promise<void>,
  ) {}

  /** Counts parsed characters; pauses once a slice's worth was parsed. */
  private async charge(chars: number): Promise<void> {
    this.spent += chars
    if (this.spent < this.slice) return
    this.spent = 0
    await this.pause()
  }

  /** The value at `pos`; `big` when it is already known not to end within a slice. */
  async valueAt(pos: number, big = false): Promise<[unknown, number]> {
    const end = big ? -1 : scanValue(this.text, pos, pos + this.slice)
    if (end !== -1) {
      const value: unknown = JSON.parse(this.text.slice(pos, end))
      await this.charge(end - pos)
      return [value, end]
    }
    // Finding that it is big scanned a slice of text: cheaper than parsing it, not free.
    await this.charge(this.slice >> 2)
    if (this.text[pos] === '{') return this.objectAt(pos)
    if (this.text[pos] === '[') return this.arrayAt(pos)
    // A string or number longer than a slice cannot be cut.
    const whole = scanValue(this.text, pos, Infinity)
    const value: unknown = JSON.parse(this.text.slice(pos, whole))
    await this.charge(whole - pos)
    return [value, whole]
  }

  private async objectAt(open: number): Promise<[unknown, number]> {
    const out: Record<string, unknown> = {}
    // Consecutive small members (`"key": value, ...`) waiting to be parsed together.
    let runStart = -1
    let runEnd = -1
    let members = 0
    const flush = async (): Promise<void> => {
      if (runStart === -1) return
      const run = JSON.parse(`{${this.text.slice(runStart, runEnd)}}`) as Record<string, unknown>
      // Object.assign would set the prototype for a "__proto__" key; JSON.parse makes it a key.
      if (Object.hasOwn(run, '__proto__')) for (const key of Object.keys(run)) define(out, key, run[key])
      else Object.assign(out, run)
      await this.charge(runEnd - runStart + members * MEMBER_CHARS)
      runStart = -1
      members = 0
    }
    let pos = skipSpace(this.text, open + 1)
    if (this.text[pos] === '}') return [out, pos + 1]
    for (;;) {
      if (this.text[pos] !== '"') fail(pos)
      const keyStart = pos
      const keyEnd = scanValue(this.text, pos, Infinity)
      pos = skipSpace(this.text, keyEnd)
      if (this.text[pos] !== ':') fail(pos)
      pos = skipSpace(this.text, pos + 1)
      const valueEnd = scanValue(this.text, pos, pos + this.slice)
      if (valueEnd !== -1) {
        if (runStart === -1) runStart = keyStart
        runEnd = valueEnd
        pos = valueEnd
        members++
        if (runEnd - runStart + members * MEMBER_CHARS >= this.slice) await flush()
      } else {
        await flush()
        const key = JSON.parse(this.text.slice(keyStart, keyEnd)) as string
        const [value, end] = await this.valueAt(pos, true)
        define(out, key, value)
        pos = end
      }
      pos = skipSpace(this.text, pos)
      if (this.text[pos] === '}') {
        await flush()
        return [out, pos + 1]
      }
      if (this.text[pos] !== ',') fail(pos)
      pos = skipSpace(this.text, pos + 1)
    }
  }

  private async arrayAt(open: number): Promise<[unknown, number]> {
    const out: unknown[] = []
    let runStart = -1
    let runEnd = -1
    let members = 0
    const flush = async (): Promise<void> => {
      if (runStart === -1) return
      const run = JSON.parse(`[${this.text.slice(runStart, runEnd)}]`) as unknown[]
      for (const item of run) out.push(item)
      await this.charge(runEnd - runStart + members * MEMBER_CHARS)
      runStart = -1
      members = 0
    }
    let pos = skipSpace(this.text, open + 1)
    if (this.text[pos] === ']') return [out, pos + 1]
    for (;;) {
      const itemEnd = scanValue(this.text, pos, pos + this.slice)
      if (itemEnd !== -1) {
        if (runStart === -1) runStart = pos
        runEnd = itemEnd
        pos = itemEnd
        members++
        if (runEnd - runStart + members * MEMBER_CHARS >= this.slice) await flush()
      } else {
        await flush()
        const [value, end] = await this.valueAt(pos, true)
        out.push(value)
        pos = end
      }
      pos = skipSpace(this.text, pos)
      if (this.text[pos] === ']') {
        await flush()
        return [out, pos + 1]
      }
      if (this.text[pos] !== ',') fail(pos)
      pos = skipSpace(this.text, pos + 1)
    }
  }
}

/** A key like any other, `__proto__` included (as `JSON.parse` makes it). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function fail(pos: number): never {
  throw new SyntaxError(`Unexpected token in JSON at position ${pos}`)
}

/** JSON's whitespace: space, tab, line feed and carriage return. */
function skipSpace(text: string, pos: number): number {
  for (;;) {
    const code = text.charCodeAt(pos)
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) pos++
    else return pos
  }
}

/**
 * Where the value starting at `pos` ends (its brackets and strings followed, nothing else
 * checked: `JSON.parse` checks each piece), or -1 when that is past `limit`. An unclosed value
 * ends at the end of the text, where `JSON.parse` refuses it.
 */
function scanValue(text: string, pos: number, limit: number): number {
  const stop = Math.min(text.length, limit)
  const first = text.charCodeAt(pos)
  if (first === 0x22) {
    for (let at = pos + 1; at < stop; at++) {
      const code = text.charCodeAt(at)
      if (code === 0x5c) at++
      else if (code === 0x22) return at + 1
    }
    return stop === text.length ? text.length : -1
  }
  if (first === 0x7b || first === 0x5b) {
    let depth = 0
    for (let at = pos; at < stop; at++) {
      const code = text.charCodeAt(at)
      if (code === 0x22) {
        for (at++; at < stop; at++) {
          const inner = text.charCodeAt(at)
          if (inner === 0x5c) at++
          else if (inner === 0x22) break
        }
      } else if (code === 0x7b || code === 0x5b) depth++
      else if (code === 0x7d || code === 0x5d) {
        depth--
        if (depth === 0) return at + 1
      }
    }
    return stop === text.length ? text.length : -1
  }
  // A number or literal; an empty one (`[1,,2]`) is no value at all.
  if (pos >= text.length || isDelimiter(first)) fail(pos)
  for (let at = pos; at < stop; at++) {
    if (isDelimiter(text.charCodeAt(at))) return at
  }
  return stop === text.length ? text.length : -1
}

/** What ends a number or literal: `,`, `}`, `]` or whitespace. */
function isDelimiter(code: number): boolean {
  return (
    code === 0x2c || code === 0x7d || code === 0x5d || code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
  )
}
