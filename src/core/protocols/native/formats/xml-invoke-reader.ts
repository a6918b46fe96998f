/**
 * The reader shared by the XML-invoke formats: a section (`<minimax:tool_call>`, `<tool_call>`)
 * holds invokes (`<function=NAME>`, `<invoke name="NAME">`), each holding parameters whose values
 * are text, typed by the tool's schema. It walks the markup structurally, so a marker is taken
 * only where the grammar expects one, and looks markers up through `Finder`s whose answers are
 * cached, which keeps a whole parse linear however the markers repeat.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall } from '../format'
import { jsonValueEnd, readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { setOwn } from '../../../own-record'
import type { JsonSchema, TypedValue } from '../tool-hints'
import { ResumeMark } from './resume'
import { MarkerFinder as Finder, earliest } from '../marker-search'

const HEADER_MAX = 512

/** Characters a tool or parameter name never holds (markup, quotes, space). */
export function isPlausibleName(name: string): boolean {
  return name.length > 0 && name.length <= 256 && !/[\s<>{}"'`]/.test(name)
}

export interface TagHeader {
  /** The name as written ('' when missing). */
  name: string
  /** Offset just after the name's text (its closing quote, if quoted). */
  nameEnd: number
  /** Offset just after the header's `>`; -1 when the text ends inside the header. */
  end: number
  attributes: Map<string, string>
  /** What is wrong with the header, if anything. */
  problem?: string
}

/**
 * `<function=NAME>` style: the name runs from `from` to the `>`. Bounded: a header longer
 * than HEADER_MAX is not a header.
 */
export function readEqualsHeader(text: string, from: number): TagHeader {
  const limit = Math.min(text.length, from + HEADER_MAX)
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x3e) {
      const name = text.slice(from, i).trim()
      return { name, nameEnd: i, end: i + 1, attributes: new Map() }
    }
    if (c === 0x0a || c === 0x3c)
      return { name: '', nameEnd: from, end: -1, attributes: new Map(), problem: 'its name is not closed with `>`' }
  }
  if (limit === text.length) return { name: '', nameEnd: from, end: -1, attributes: new Map() }
  return { name: '', nameEnd: from, end: -1, attributes: new Map(), problem: 'its name is not closed with `>`' }
}

/** `<invoke name="NAME" string="true">` style: attributes up to `>`, quoted with `"` or `'`, or bare. */
export function readAttributeHeader(text: string, from: number): TagHeader {
  const limit = Math.min(text.length, from + HEADER_MAX)
  const attributes = new Map<string, string>()
  let nameEnd = from
  let i = from
  for (;;) {
    i = skipSpace(text, i, limit)
    if (i >= limit) break
    if (text.charCodeAt(i) === 0x3e) return { name: attributes.get('name') ?? '', nameEnd, end: i + 1, attributes }
    if (text.startsWith('/>', i)) return { name: attributes.get('name') ?? '', nameEnd, end: i + 2, attributes }
    const keyStart = i
    while (i < limit && /[A-Za-z0-9_:.-]/.test(text[i] as string)) i++
    const key = text.slice(keyStart, i)
    if (key === '')
      return {
        name: attributes.get('name') ?? '',
        nameEnd,
        end: -1,
        attributes,
        problem: `${JSON.stringify(text[i])} is not an attribute`,
      }
    i = skipSpace(text, i, limit)
    if (text[i] !== '=') {
      if (i >= limit) break
      attributes.set(key, '')
      continue
    }
    i = skipSpace(text, i + 1, limit)
    if (i >= limit) break
    const quote = text[i]
    let value: string
    if (quote === '"' || quote === "'") {
      const found = text.slice(i + 1, limit).indexOf(quote)
      const close = found === -1 ? -1 : i + 1 + found
      if (close === -1) {
        i = limit
        break
      }
      value = text.slice(i + 1, close)
      i = close + 1
    } else {
      const start = i
      while (i < limit && !/[\s>]/.test(text[i] as string)) i++
      value = text.slice(start, i)
      if (i >= limit) break
    }
    attributes.set(key, value)
    if (key === 'name') nameEnd = i
  }
  const name = attributes.get('name') ?? ''
  if (limit === text.length) return { name, nameEnd, end: -1, attributes }
  return { name, nameEnd, end: -1, attributes, problem: 'its tag is not closed with `>`' }
}

export interface InvokeGrammar {
  /** Wrapper of the calls: `<minimax:tool_call>` ... `</minimax:tool_call>`. */
  section: { open: string; close: string }
  /** Step-3's per-call wrapper inside the section: OPEN TYPE SEP <invoke ...> ... </invoke> CLOSE. */
  callWrapper?: { open: string; sep: string; close: string }
  invoke: { open: string; close: string; header: 'equals' | 'attributes' }
  parameter: { open: string; close: string; header: 'equals' | 'attributes' }
  /** The invoke may hold a JSON object in place of parameters (DeepSeek V3.2 writes both). */
  jsonBody?: boolean
  /** Invokes written with no section around them are read too (Qwen3-Coder without `<tool_call>`). */
  bareInvokes?: boolean
  /**
   * A section whose content is not this format's (Hermes' `<tool_call>{...}`) is left alone
   * instead of being read as a broken call.
   */
  foreignSections?: boolean
  /** Another format's wrappers: a bare invoke right after one of them belongs to that format. */
  foreignWrappers?: readonly string[]
  /** The value's span once the grammar's padding is taken off. */
  trim(text: string, start: number, end: number): [number, number]
  /** The value of one parameter, typed. */
  value(raw: string, schema: JsonSchema | undefined, attributes: ReadonlyMap<string, string>): TypedValue
}

/** Strips one newline on each side (Qwen3-Coder, Seed-OSS write the value on its own lines). */
export function trimOneNewline(text: string, start: number, end: number): [number, number] {
  let s = start
  let e = end
  if (text.startsWith('\r\n', s) && s + 2 <= e) s += 2
  else if (text[s] === '\n' && s < e) s++
  if (e - 2 >= s && text.startsWith('\r\n', e - 2)) e -= 2
  else if (e > s && text[e - 1] === '\n') e--
  return [s, e]
}

interface Finders {
  sectionOpen: Finder
  sectionClose: Finder
  invokeOpen: Finder
  invokeClose: Finder
  paramOpen: Finder
  paramClose: Finder
  callOpen?: Finder
  callClose?: Finder
}

/**
 * Reads every call written in the grammar. Never throws; linear in the text. An attribute's quoted
 * value may hold a section opener, so a stream is put aside only up to the start of a line after
 * the last closed section or invoke (`ResumeMark.atLineAfter`).
 */
export function readInvokes(text: string, grammar: InvokeGrammar, context: FormatContext): FormatFinding {
  const f: Finders = {
    sectionOpen: new Finder(text, grammar.section.open),
    sectionClose: new Finder(text, grammar.section.close),
    invokeOpen: new Finder(text, grammar.invoke.open),
    invokeClose: new Finder(text, grammar.invoke.close),
    paramOpen: new Finder(text, grammar.parameter.open),
    paramClose: new Finder(text, grammar.parameter.close),
  }
  if (grammar.callWrapper) {
    f.callOpen = new Finder(text, grammar.callWrapper.open)
    f.callClose = new Finder(text, grammar.callWrapper.close)
  }
  const reader = new InvokeReader(text, grammar, context, f)
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const section = f.sectionOpen.next(from)
    const bare = grammar.bareInvokes ? f.invokeOpen.next(from) : -1
    if (section === -1 && bare === -1) break
    const before = reader.calls.length
    reader.settled = null
    from = bare !== -1 && (section === -1 || bare < section) ? reader.bareInvoke(bare) : reader.section(section)
    if (reader.settled !== null) mark.block(reader.calls.slice(before), from, reader.settled)
  }
  const openers = grammar.bareInvokes ? [grammar.section.open, grammar.invoke.open] : [grammar.section.open]
  return { calls: reader.calls, problems: reader.problems, ...mark.atLineAfter(text, openers) }
}

class InvokeReader {
  readonly calls: FoundCall[] = []
  readonly problems: FormatProblem[] = []
  /** Whether the last section or bare invoke read is settled (its closer seen); null when none was read. */
  settled: boolean | null = null
  private readonly n: number
  /** What a call reads as its opener: the per-call wrapper, or the invoke itself. */
  private readonly unitOpen: string

  constructor(
    private readonly text: string,
    private readonly g: InvokeGrammar,
    private readonly context: FormatContext,
    private readonly f: Finders,
  ) {
    this.n = text.length
    this.unitOpen = g.callWrapper?.open ?? g.invoke.open
  }

  /** A section at `open`; returns where reading goes on. */
  section(open: number): number {
    const { text, g, f } = this
    const bodyStart = open + g.section.open.length
    const first = skipSpace(text, bodyStart, Math.min(this.n, bodyStart + 256))
    if (
      g.foreignSections &&
      first < this.n &&
      !text.startsWith(this.unitOpen, first) &&
      !this.unitOpen.startsWith(text.slice(first, first + this.unitOpen.length))
    ) {
      return bodyStart
    }
    const before = this.calls.length
    let at = bodyStart
    let end = -1
    const unitFinder = g.callWrapper ? (f.callOpen as Finder) : f.invokeOpen
    for (;;) {
      const i = skipSpace(text, at)
      if (i >= this.n) break
      if (text.startsWith(g.section.close, i)) {
        end = i + g.section.close.length
        break
      }
      if (text.startsWith(g.section.open, i)) break
      if (text.startsWith(this.unitOpen, i)) {
        const call = g.callWrapper ? this.wrappedCall(i) : this.invoke(i, [])
        this.calls.push(call)
        at = call.end
        continue
      }
      const stop = earliest([unitFinder, f.sectionClose, f.sectionOpen], i + 1, this.n)
      const [s, e] = trimSpan(text, i, stop)
      this.problems.push({
        severity: 'warning',
        code: 'text-between-calls',
        message: `text inside the ${g.section.open} section but outside any call was ignored.`,
        offset: s,
        length: e - s,
      })
      at = stop
    }
    const mine = this.calls.length - before
    if (end === -1) {
      this.problems.push({
        severity: 'warning',
        code: 'unclosed-section',
        message: `the ${g.section.open} section is never closed with ${g.section.close}; it runs to ${at >= this.n ? 'the end of the text' : 'the next section'}.`,
        offset: open,
        length: g.section.open.length,
      })
    }
    if (mine === 0) {
      if (end !== -1)
        this.problems.push({
          severity: 'warning',
          code: 'empty-section',
          message: `the ${g.section.open} section holds no call.`,
          offset: open,
          length: end - open,
        })
    } else if (mine === 1) {
      // A section's only call spans the section. While the section is open another call may
      // still come (and the call would keep its own span), so the call is not final yet.
      const call = this.calls[this.calls.length - 1] as FoundCall
      call.start = open
      if (end !== -1) call.end = end
      else call.closed = false
    }
    this.settled = end !== -1
    return end === -1 ? Math.max(at, bodyStart) : end
  }

  /** An invoke outside any section: taken only when a parameter or its end follows its header. */
  bareInvoke(open: number): number {
    const { text, g } = this
    const headerStart = open + g.invoke.open.length
    if (g.foreignWrappers && precededBy(text, open, g.foreignWrappers)) return headerStart
    const header =
      g.invoke.header === 'equals' ? readEqualsHeader(text, headerStart) : readAttributeHeader(text, headerStart)
    if (header.end === -1 || !isPlausibleName(header.name)) return headerStart
    const next = skipSpace(text, header.end, Math.min(this.n, header.end + 256))
    if (!text.startsWith(g.parameter.open, next) && !text.startsWith(g.invoke.close, next) && next < this.n)
      return headerStart
    const call = this.invoke(open, [])
    this.calls.push(call)
    this.settled = call.closed
    return call.end
  }

  /** Step-3: `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke ...>...</steptml:invoke><｜tool_call_end｜>`. */
  private wrappedCall(open: number): FoundCall {
    const { text, g } = this
    const wrapper = g.callWrapper as NonNullable<InvokeGrammar['callWrapper']>
    const typeStart = open + wrapper.open.length
    const found = text.slice(typeStart, typeStart + 64 + wrapper.sep.length).indexOf(wrapper.sep)
    const sep = found === -1 ? -1 : typeStart + found
    const problems: FormatProblem[] = []
    let at = typeStart
    if (sep !== -1) {
      const type = text.slice(typeStart, sep).trim()
      if (type !== 'function')
        problems.push({
          severity: 'warning',
          code: 'unknown-call-type',
          message: `the call's type is ${JSON.stringify(type)}, not "function"; it was read as a function call.`,
          offset: typeStart,
          length: sep - typeStart,
        })
      at = sep + wrapper.sep.length
    } else if (typeStart + 64 + wrapper.sep.length >= this.n && !text.slice(typeStart).includes(g.invoke.open)) {
      return {
        name: '',
        arguments: null,
        start: open,
        end: this.n,
        closed: false,
        problems: [
          {
            severity: 'warning',
            code: 'unclosed-call',
            message: 'the call is cut off by the end of the text before its tool is named.',
            offset: open,
            length: this.n - open,
          },
        ],
      }
    } else {
      problems.push({
        severity: 'warning',
        code: 'missing-separator',
        message: `the call has no \`function${wrapper.sep}\` before its invoke.`,
        offset: open,
        length: wrapper.open.length,
      })
    }
    const i = skipSpace(text, at, Math.min(this.n, at + 256))
    let call: FoundCall
    if (text.startsWith(g.invoke.open, i)) {
      call = this.invoke(i, [wrapper.close])
    } else {
      const stop = earliest([this.f.callClose as Finder, this.f.sectionClose, this.f.callOpen as Finder], i, this.n)
      const missing: FormatProblem =
        i >= this.n
          ? {
              severity: 'warning',
              code: 'unclosed-call',
              message: `the call is cut off by the end of the text before its ${g.invoke.open}.`,
              offset: open,
              length: wrapper.open.length,
            }
          : {
              severity: 'error',
              code: 'missing-tool-name',
              message: `the call has no ${g.invoke.open} name="..."> naming its tool.`,
              offset: i,
              length: Math.max(0, stop - i),
            }
      call = { name: '', arguments: null, start: open, end: stop, closed: stop < this.n, problems: [missing] }
    }
    call.start = open
    call.problems.unshift(...problems)
    const j = skipSpace(text, call.end)
    if (text.startsWith(wrapper.close, j)) {
      call.end = j + wrapper.close.length
      call.closed = true
    } else if (call.closed || j >= this.n) {
      if (!call.problems.some((p) => p.code === 'unclosed-call')) {
        call.problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          message: `the call is never closed with ${wrapper.close}.`,
          offset: open,
          length: wrapper.open.length,
        })
      }
      // Text that may still become the wrapper's end (a stream cut inside it) decides nothing yet.
      call.closed = j < this.n && !wrapper.close.startsWith(text.slice(j, j + wrapper.close.length))
    }
    return call
  }

  /** One invoke at `open`. `stops` are markers that end it when its own end is missing. */
  private invoke(open: number, stops: readonly string[]): FoundCall {
    const { text, g, f } = this
    const headerStart = open + g.invoke.open.length
    const header =
      g.invoke.header === 'equals' ? readEqualsHeader(text, headerStart) : readAttributeHeader(text, headerStart)
    const problems: FormatProblem[] = []
    const name = header.name
    if (header.end === -1) {
      if (header.problem) {
        problems.push({
          severity: 'error',
          code: 'missing-tool-name',
          message: `the call's ${g.invoke.open} tag is malformed: ${header.problem}.`,
          offset: open,
          length: g.invoke.open.length,
        })
        return {
          name: isPlausibleName(name) ? name : '',
          arguments: null,
          start: open,
          end: headerStart,
          closed: true,
          problems,
        }
      }
      problems.push({
        severity: 'warning',
        code: 'unclosed-call',
        message: `the call's ${g.invoke.open} tag is cut off by the end of the text.`,
        offset: open,
        length: this.n - open,
      })
      if (name === '')
        problems.push({
          severity: 'error',
          code: 'missing-tool-name',
          message: 'the call is cut off before its name is whole.',
          offset: open,
          length: this.n - open,
        })
      return { name, arguments: name === '' ? null : {}, start: open, end: this.n, closed: false, problems }
    }
    if (name === '') {
      problems.push({
        severity: 'error',
        code: 'missing-tool-name',
        message: `the call's ${g.invoke.open} tag names no tool.`,
        offset: open,
        length: header.end - open,
      })
    } else if (!isPlausibleName(name)) {
      problems.push({
        severity: 'error',
        code: 'invalid-tool-name',
        message: `${JSON.stringify(name.slice(0, 60))} is not a tool name.`,
        offset: headerStart,
        length: header.nameEnd - headerStart,
      })
    }
    const args: Record<string, unknown> = {}
    let valid = true
    let argumentsSpan: { start: number; end: number } | undefined
    const stopFinders = [f.sectionClose, f.sectionOpen, ...(stops.length > 0 && f.callClose ? [f.callClose] : [])]
    const stopMarkers = [g.section.close, g.section.open, ...stops]
    let at = header.end
    let end = this.n
    let closed = false
    for (;;) {
      const i = skipSpace(text, at)
      if (i >= this.n) {
        problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          message: `the call is never closed with ${g.invoke.close}; it runs to the end of the text.`,
          offset: open,
          length: header.end - open,
        })
        break
      }
      if (text.startsWith(g.invoke.close, i)) {
        end = i + g.invoke.close.length
        closed = true
        break
      }
      if (text.startsWith(g.parameter.open, i)) {
        at = this.parameter(i, name, args, problems, stopFinders)
        continue
      }
      const stopMarker = stopMarkers.find((m) => text.startsWith(m, i))
      if (stopMarker !== undefined || text.startsWith(this.unitOpen, i)) {
        problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          message: `the call is never closed with ${g.invoke.close}; it ends at ${stopMarker ?? this.unitOpen}.`,
          offset: open,
          length: header.end - open,
        })
        end = i
        closed = true
        break
      }
      if (g.jsonBody && text[i] === '{') {
        const limit = earliest([f.invokeClose, f.invokeOpen, ...stopFinders], i, this.n)
        const jsonEnd = jsonValueEnd(text, i, limit)
        const stop = jsonEnd === -1 ? limit : jsonEnd
        const read = readJsonArguments(text, i, stop)
        problems.push(...read.problems)
        argumentsSpan = { start: i, end: stop }
        if (read.value === null) valid = false
        else for (const [key, value] of Object.entries(read.value)) setOwn(args, key, value)
        at = stop
        continue
      }
      const stop = earliest([f.paramOpen, f.invokeClose, f.invokeOpen, ...stopFinders], i + 1, this.n)
      const [s, e] = trimSpan(text, i, stop)
      problems.push({
        severity: 'warning',
        code: 'text-in-call',
        message: `text inside the call but outside any ${g.parameter.open} was ignored.`,
        offset: s,
        length: e - s,
      })
      at = stop
    }
    return {
      name,
      nameEnd: header.nameEnd,
      ...(argumentsSpan ? { argumentsSpan } : {}),
      arguments: valid ? args : null,
      start: open,
      end,
      closed,
      problems,
    }
  }

  /** One parameter at `open`, into `args`; returns where reading goes on. */
  private parameter(
    open: number,
    toolName: string,
    args: Record<string, unknown>,
    problems: FormatProblem[],
    stopFinders: readonly Finder[],
  ): number {
    const { text, g, f } = this
    const headerStart = open + g.parameter.open.length
    const header =
      g.parameter.header === 'equals' ? readEqualsHeader(text, headerStart) : readAttributeHeader(text, headerStart)
    if (header.end === -1) {
      if (header.problem) {
        problems.push({
          severity: 'warning',
          code: 'invalid-parameter',
          message: `a ${g.parameter.open} tag is malformed (${header.problem}); it was skipped.`,
          offset: open,
          length: g.parameter.open.length,
        })
        return headerStart
      }
      problems.push({
        severity: 'warning',
        code: 'unclosed-parameter',
        message: `the ${g.parameter.open} tag is cut off by the end of the text.`,
        offset: open,
        length: this.n - open,
      })
      return this.n
    }
    const key = header.name
    const valueStart = header.end
    const close = f.paramClose.next(valueStart)
    const other = earliest([f.paramOpen, f.invokeClose, f.invokeOpen, ...stopFinders], valueStart, this.n)
    let valueEnd: number
    let next: number
    const tag = g.parameter.header === 'equals' ? `${g.parameter.open}${key}>` : `${g.parameter.open} name="${key}">`
    if (close !== -1 && close <= other) {
      valueEnd = close
      next = close + g.parameter.close.length
    } else {
      valueEnd =
        other >= this.n
          ? this.n - partialSuffix(text, this.n, ['\n' + g.parameter.close, g.parameter.close, g.invoke.close])
          : other
      next = other
      const where = other >= this.n ? 'it runs to the end of the text' : 'it ends where the next tag begins'
      problems.push({
        severity: 'warning',
        code: 'unclosed-parameter',
        message: `\`${tag}\` is never closed with ${g.parameter.close}; ${where}.`,
        offset: open,
        length: valueStart - open,
      })
    }
    if (key === '') {
      problems.push({
        severity: 'warning',
        code: 'missing-argument-name',
        message: `a ${g.parameter.open} tag names no argument; its value was skipped.`,
        offset: open,
        length: valueStart - open,
      })
      return next
    }
    const [s, e] = g.trim(text, valueStart, valueEnd)
    const typed = g.value(text.slice(s, e), this.context.tools.parameter(toolName, key), header.attributes)
    if (typed.problem !== undefined) {
      problems.push({
        severity: 'warning',
        code: 'argument-type',
        message: `the value of "${key}" does not read as declared: ${typed.problem}; it is kept as text.`,
        offset: s,
        length: e - s,
      })
    }
    if (Object.prototype.hasOwnProperty.call(args, key)) {
      problems.push({
        severity: 'warning',
        code: 'duplicate-argument',
        message: `"${key}" is given more than once; the last value is kept.`,
        offset: open,
        length: valueStart - open,
      })
    }
    setOwn(args, key, typed.value)
    return next
  }
}

/** Whether the text from `at` (within `window`) begins with `marker`, or is cut off inside it. */
export function startsOrEnds(text: string, at: number, marker: string): boolean {
  const rest = text.slice(at, at + marker.length)
  return rest.length === marker.length ? rest === marker : marker.startsWith(rest)
}

/** Whether one of `markers` ends right before `at`, white space aside (a bounded look back). */
export function precededBy(text: string, at: number, markers: readonly string[]): boolean {
  let i = at
  const floor = Math.max(0, at - 64)
  while (i > floor && /\s/.test(text[i - 1] as string)) i--
  return markers.some((m) => i >= m.length && text.startsWith(m, i - m.length))
}

/**
 * How many characters at the end of the text are the start of one of `tags` (a closing tag cut
 * off, as in a stream): a value running to the end of the text leaves them out.
 */
function partialSuffix(text: string, end: number, tags: readonly string[]): number {
  let longest = 0
  for (const tag of tags) {
    for (let k = Math.min(tag.length - 1, end); k > longest; k--) {
      if (text.startsWith(tag.slice(0, k), end - k)) {
        longest = k
        break
      }
    }
  }
  return longest
}
