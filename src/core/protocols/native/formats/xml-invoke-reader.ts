/**
 * The reader shared by the XML-invoke formats: a section (`<minimax:tool_call>`, `<tool_call>`)
 * holds invokes (`<function=NAME>`, `<invoke name="NAME">`), each holding parameters whose values
 * are text, typed by the tool's schema. It walks the markup structurally, so a marker is taken
 * only where the grammar expects one, and looks markers up through `Finder`s whose answers are
 * cached, which keeps a whole parse linear however the markers repeat.
 */
import type { FormatContext, FormatFinding, FormatProblem, FoundCall } from '../format'
import { say } from '../../../messages/say'
import { skipSpace, trimSpan } from '../json-pieces'
import { ResumeMark } from './resume'
import { type MarkerFinder as Finder, earliest } from '../marker-search'
import { isPlausibleName, precededBy, readTagHeader } from './xml-invoke-header'
import { invokeSource, type InvokeGrammar, type InvokeSource } from './xml-invoke-grammar'
import { readInvoke } from './xml-invoke-call'
import { saidProblem } from './said-problem'

export {
  isPlausibleName,
  precededBy,
  readAttributeHeader,
  readEqualsHeader,
  startsOrEnds,
  type TagHeader,
} from './xml-invoke-header'
export { trimOneNewline, type InvokeGrammar } from './xml-invoke-grammar'

/** Said the same wherever it is found: made once. */
const CALL_CUT_BEFORE_NAME = say('native.xml.call-cut-before-name')

/** What a section that read no call hands the resume mark: a run of empty sections then makes no array per section. */
const NO_CALLS: readonly FoundCall[] = []

/**
 * Reads every call written in the grammar. Never throws; linear in the text. An attribute's quoted
 * value may hold a section opener, so a stream is put aside only up to the start of a line after
 * the last closed section or invoke (`ResumeMark.atLineAfter`).
 */
export function readInvokes(text: string, grammar: InvokeGrammar, context: FormatContext): FormatFinding {
  const source = invokeSource(text, grammar, context)
  const reader = new InvokeReader(source)
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const section = source.f.sectionOpen.next(from)
    const bare = grammar.bareInvokes ? source.f.invokeOpen.next(from) : -1
    if (section === -1 && bare === -1) break
    const before = reader.calls.length
    reader.settled = null
    from = bare !== -1 && (section === -1 || bare < section) ? reader.bareInvoke(bare) : reader.section(section)
    if (reader.settled !== null)
      mark.block(reader.calls.length === before ? NO_CALLS : reader.calls.slice(before), from, reader.settled)
  }
  const openers = grammar.bareInvokes ? [grammar.section.open, grammar.invoke.open] : [grammar.section.open]
  return { calls: reader.calls, problems: reader.problems, ...mark.atLineAfter(text, openers) }
}

class InvokeReader {
  readonly calls: FoundCall[] = []
  readonly problems: FormatProblem[] = []
  /** Whether the last section or bare invoke read is settled (its closer seen); null when none was read. */
  settled: boolean | null = null
  constructor(private readonly s: InvokeSource) {}

  /** A section at `open`; returns where reading goes on. */
  section(open: number): number {
    const { text, g, f, n, unitOpen } = this.s
    const bodyStart = open + g.section.open.length
    if (this.isForeignSection(bodyStart)) return bodyStart
    const before = this.calls.length
    let at = bodyStart
    let end = -1
    const unitFinder = g.callWrapper ? (f.callOpen as Finder) : f.invokeOpen
    for (;;) {
      const i = skipSpace(text, at)
      if (i >= n) break
      if (text.startsWith(g.section.close, i)) {
        end = i + g.section.close.length
        break
      }
      if (text.startsWith(g.section.open, i)) break
      if (text.startsWith(unitOpen, i)) {
        const call = g.callWrapper ? this.wrappedCall(i) : readInvoke(this.s, i, [])
        this.calls.push(call)
        at = call.end
        continue
      }
      const stop = earliest([unitFinder, f.sectionClose, f.sectionOpen], i + 1, n)
      const [s, e] = trimSpan(text, i, stop)
      this.problems.push(saidProblem('warning', 'text-between-calls', this.s.said.textInSection, s, e - s))
      at = stop
    }
    this.closeSection(open, end, at, before)
    this.settled = end !== -1
    return end === -1 ? Math.max(at, bodyStart) : end
  }

  /** The section's content is another format's (Hermes' `<tool_call>{...}`), when the grammar leaves those alone. */
  private isForeignSection(bodyStart: number): boolean {
    const { text, g, n, unitOpen } = this.s
    const first = skipSpace(text, bodyStart, Math.min(n, bodyStart + 256))
    return (
      g.foreignSections === true &&
      first < n &&
      !text.startsWith(unitOpen, first) &&
      !unitOpen.startsWith(text.slice(first, first + unitOpen.length))
    )
  }

  /**
   * The section's end (-1 when never closed; reading stopped at `at`): its findings, and the
   * span of its only call, which is the section's.
   */
  private closeSection(open: number, end: number, at: number, before: number): void {
    const { g, n } = this.s
    const mine = this.calls.length - before
    if (end === -1) {
      // The grammar's shared message: a text of many unclosed sections builds none per section.
      this.problems.push(
        saidProblem(
          'warning',
          'unclosed-section',
          at >= n ? this.s.said.sectionUnclosedToEnd : this.s.said.sectionUnclosedToNext,
          open,
          g.section.open.length,
        ),
      )
    }
    if (mine === 0) {
      if (end !== -1)
        this.problems.push(saidProblem('warning', 'empty-section', this.s.said.sectionEmpty, open, end - open))
    } else if (mine === 1) {
      // A section's only call spans the section. While the section is open another call may
      // still come (and the call would keep its own span), so the call is not final yet.
      const call = this.calls[this.calls.length - 1] as FoundCall
      call.start = open
      if (end !== -1) call.end = end
      else call.closed = false
    }
  }

  /** An invoke outside any section: taken only when a parameter or its end follows its header. */
  bareInvoke(open: number): number {
    const { text, g, n } = this.s
    const headerStart = open + g.invoke.open.length
    if (g.foreignWrappers && precededBy(text, open, g.foreignWrappers)) return headerStart
    const header = readTagHeader(text, headerStart, g.invoke.header)
    if (header.end === -1 || !isPlausibleName(header.name)) return headerStart
    const next = skipSpace(text, header.end, Math.min(n, header.end + 256))
    if (!text.startsWith(g.parameter.open, next) && !text.startsWith(g.invoke.close, next) && next < n)
      return headerStart
    const call = readInvoke(this.s, open, [])
    this.calls.push(call)
    this.settled = call.closed
    return call.end
  }

  /** Step-3: `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke ...>...</steptml:invoke><｜tool_call_end｜>`. */
  private wrappedCall(open: number): FoundCall {
    const problems: FormatProblem[] = []
    const head = this.wrapperHead(open, problems)
    if (typeof head !== 'number') return head
    const { text, g, n } = this.s
    const wrapper = g.callWrapper as NonNullable<InvokeGrammar['callWrapper']>
    const i = skipSpace(text, head, Math.min(n, head + 256))
    const call = text.startsWith(g.invoke.open, i)
      ? readInvoke(this.s, i, [wrapper.close])
      : this.missingInvoke(open, i)
    call.start = open
    call.problems.unshift(...problems)
    this.closeWrapper(call, open)
    return call
  }

  /**
   * The wrapper's `function<｜tool_sep｜>`: where its invoke is looked for, with what is wrong with
   * the head in `problems`; or a call cut off before its head is whole.
   */
  private wrapperHead(open: number, problems: FormatProblem[]): number | FoundCall {
    const { text, g, n } = this.s
    const wrapper = g.callWrapper as NonNullable<InvokeGrammar['callWrapper']>
    const typeStart = open + wrapper.open.length
    const found = text.slice(typeStart, typeStart + 64 + wrapper.sep.length).indexOf(wrapper.sep)
    const sep = found === -1 ? -1 : typeStart + found
    if (sep !== -1) {
      const type = text.slice(typeStart, sep).trim()
      if (type !== 'function')
        problems.push(
          saidProblem(
            'warning',
            'unknown-call-type',
            say('native.xml.call-type-not-function', { type: JSON.stringify(type) }),
            typeStart,
            sep - typeStart,
          ),
        )
      return sep + wrapper.sep.length
    }
    if (typeStart + 64 + wrapper.sep.length >= n && !text.slice(typeStart).includes(g.invoke.open)) {
      return {
        name: '',
        arguments: null,
        start: open,
        end: n,
        closed: false,
        problems: [saidProblem('warning', 'unclosed-call', CALL_CUT_BEFORE_NAME, open, n - open)],
      }
    }
    problems.push(saidProblem('warning', 'missing-separator', this.s.said.missingSeparator, open, wrapper.open.length))
    return typeStart
  }

  /** A wrapped call with no invoke at `i`: it runs to the next wrapper marker, with no name. */
  private missingInvoke(open: number, i: number): FoundCall {
    const { g, f, n } = this.s
    const wrapper = g.callWrapper as NonNullable<InvokeGrammar['callWrapper']>
    const stop = earliest([f.callClose as Finder, f.sectionClose, f.callOpen as Finder], i, n)
    const missing: FormatProblem =
      i >= n
        ? saidProblem('warning', 'unclosed-call', this.s.said.callCutBeforeInvoke, open, wrapper.open.length)
        : saidProblem('error', 'missing-tool-name', this.s.said.callWithoutInvoke, i, Math.max(0, stop - i))
    return { name: '', arguments: null, start: open, end: stop, closed: stop < n, problems: [missing] }
  }

  /** The wrapper's closer after the invoke: the call then ends after it. */
  private closeWrapper(call: FoundCall, open: number): void {
    const { text, g, n } = this.s
    const wrapper = g.callWrapper as NonNullable<InvokeGrammar['callWrapper']>
    const j = skipSpace(text, call.end)
    if (text.startsWith(wrapper.close, j)) {
      call.end = j + wrapper.close.length
      call.closed = true
    } else if (call.closed || j >= n) {
      if (!call.problems.some((p) => p.code === 'unclosed-call')) {
        call.problems.push(
          saidProblem('warning', 'unclosed-call', this.s.said.wrapperUnclosed, open, wrapper.open.length),
        )
      }
      // Text that may still become the wrapper's end (a stream cut inside it) decides nothing yet.
      call.closed = j < n && !wrapper.close.startsWith(text.slice(j, j + wrapper.close.length))
    }
  }
}
