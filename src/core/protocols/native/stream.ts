/**
 * The streaming parser of a native format: a card opens as soon as a call's name is known, shows
 * the call's fields as they complete, and settles when the call closes.
 *
 * Text arrives into the section (`StreamText.pending`). While no opener is in it, only the new
 * characters are searched. From an opener on, the section is re-read each time it has grown by an
 * eighth (at least 16 characters), so its cost stays linear; when the format says that everything
 * before an offset is final (`resumeAt`), that part is put aside and the search for the next
 * opener goes on from there, so a long reply with many calls costs about what its calls cost.
 * end() is the one-shot parse of the whole text: streaming equals one-shot for any chunking by
 * construction.
 */
import type { Diagnostic, ParsedRequest, ParseResult } from '../../types'
import type { ParseOptions, StreamEvent, StreamParser } from '../protocol'
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, NativeFormat } from './format'
import { createRequestIdSession, type RequestIdSession } from '../../request-ids'
import { stringArguments } from '../json/calls'
import { LineIndex } from '../../text/line-index'
import { partialJsonFields } from '../../chat/partial-json'
import { shiftSpans, within, type Spans } from './reasoning'
import { claimId, isIncluded, readFinding, requestsOf, toDiagnostic, toRequest } from './requests'
import { StreamText } from './stream-text'

const MIN_GROWTH = 16
/** Past this many characters with no opener in them, the section is put aside. */
const SEARCH_SPAN = 4096

/** A card opened: the field values it has shown. */
interface OpenedCall {
  fields: Map<string, string>
}

/** One reading of the section: its calls, and where reasoning and code fences lie, in section offsets. */
interface SectionReading {
  finding: FormatFinding
  reasoning: Spans
  fences: Spans
}

/** A stream parser of `format`: feed() chunks, end() for exactly the one-shot result. */
export function createNativeStreamParser(
  format: NativeFormat,
  options: ParseOptions,
  context: FormatContext,
): StreamParser {
  const parser = new NativeStreamParser(format, options, context)
  return { feed: (chunk) => parser.feed(chunk), end: () => parser.end() }
}

class NativeStreamParser {
  private readonly session: RequestIdSession
  /** How many characters at the end of the section can still begin an opener. */
  private readonly keep: number
  private readonly lines = new LineIndex()
  private readonly text = new StreamText()
  /** No opener is in the section yet: only new characters are searched, from `searchFrom`. */
  private searching: boolean
  private searchFrom = 0
  /** The section's length when it was last read. */
  private previewedAt = 0
  /** Global index of the first call in the section. */
  private callBase = 0
  private readonly opened: OpenedCall[] = []
  private readonly settled: ParsedRequest[] = []
  private result: ParseResult | null = null

  constructor(
    private readonly format: NativeFormat,
    private readonly options: ParseOptions,
    private readonly context: FormatContext,
  ) {
    this.session = options.session ?? createRequestIdSession()
    this.keep = Math.max(0, ...format.openers.map((o) => o.length - 1))
    this.searching = format.opensAtTextStart !== true
  }

  feed(chunk: string): StreamEvent[] {
    if (this.result) throw new Error('feed() after end(): create a new stream parser for new text')
    if (chunk.length === 0) return []
    this.lines.append(chunk)
    this.text.append(chunk)
    const events: StreamEvent[] = []
    // A section put aside may be followed at once by the next: look again after each resume.
    for (let rounds = 0; rounds < 1024; rounds++) {
      if (this.searching && !this.findOpener()) break
      if (!this.grownEnough()) break
      const before = this.text.base
      this.preview(events)
      if (this.text.base === before || !this.searching) break
    }
    return events
  }

  end(): ParseResult {
    this.result ??= requestsOf(this.format, this.text.whole(), this.options, this.context, this.session, this.settled)
    return this.result
  }

  /** Whether the section has grown by an eighth (at least MIN_GROWTH) since it was last read. */
  private grownEnough(): boolean {
    const previewedAt = this.previewedAt
    return this.text.pending.length - previewedAt >= Math.max(MIN_GROWTH, previewedAt >>> 3)
  }

  private putAside(to: number): void {
    this.text.putAside(to)
    this.previewedAt = 0
  }

  /** Looks for an opener in what was not searched yet; true when the section now starts with one. */
  private findOpener(): boolean {
    const pending = this.text.pending
    const from = Math.max(0, this.searchFrom - this.keep)
    let best = -1
    for (const opener of this.format.openers) {
      const at = pending.indexOf(opener, from)
      if (at !== -1 && (best === -1 || at < best)) best = at
    }
    this.searchFrom = pending.length
    if (best === -1) {
      // Only the last few characters can still begin an opener: the rest is put aside.
      const cut = Math.max(0, pending.length - this.keep)
      if (cut > SEARCH_SPAN) {
        this.putAside(cut)
        this.searchFrom = this.text.pending.length
      }
      return false
    }
    this.putAside(best)
    this.searching = false
    return true
  }

  /** Reads the section again: opens, fills and settles cards, then puts aside what is final. */
  private preview(events: StreamEvent[]): void {
    this.previewedAt = this.text.pending.length
    const reading = this.readSection()
    const finished = this.showCalls(reading, events)
    this.putAsideFinished(reading.finding, finished)
  }

  /** The format reads the section with the start of its line, as the one-shot parse sees it. */
  private readSection(): SectionReading {
    const text = this.text
    const read = readFinding(this.format, text.withLineHead(), this.context)
    return { finding: shiftedFinding(read, -text.lookBack), reasoning: text.reasoning(), fences: text.fences() }
  }

  /**
   * Shows the section's calls in order, each no further than what is known of it; returns how
   * many calls from the first are closed and end before the finding's `resumeAt`.
   */
  private showCalls(reading: SectionReading, events: StreamEvent[]): number {
    const { calls, resumeAt } = reading.finding
    const pendingLength = this.text.pending.length
    let finished = 0
    for (let local = 0; local < calls.length; local++) {
      const call = calls[local] as FoundCall
      const index = this.callBase + local
      // A card needs a whole name; later calls wait for this one.
      const nameKnown =
        call.closed || (call.nameEnd !== undefined ? call.nameEnd < pendingLength : call.arguments !== null)
      if (call.name === '' && !call.closed) break
      if (call.name !== '' && nameKnown && index === this.opened.length) {
        this.openCard(call, index, reading, events)
        events.push({ type: 'field', index, key: 'tool_name', value: call.name, offset: this.text.base + call.start })
      }
      if (index >= this.opened.length) {
        if (!call.closed) break
        // A closed call with no name: its card opens as it settles.
        this.openCard(call, index, reading, events)
      }
      this.showFields(call, index, events)
      if (call.closed && index === this.settled.length) this.settle(call, index, reading, events)
      if (call.closed && resumeAt !== undefined && call.end <= resumeAt) finished = local + 1
      if (!nameKnown) break
    }
    return finished
  }

  private openCard(call: FoundCall, index: number, reading: SectionReading, events: StreamEvent[]): void {
    this.opened.push({ fields: new Map() })
    events.push({
      type: 'block-open',
      index,
      offset: this.text.base + call.start,
      inReasoning: within(reading.reasoning, call.start),
      fenced: within(reading.fences, call.start),
    })
  }

  /** The call's fields that are new or changed since its card last showed them. */
  private showFields(call: FoundCall, index: number, events: StreamEvent[]): void {
    const seen = this.opened[index] as OpenedCall
    const span = call.argumentsSpan
    const fields = call.arguments
      ? stringArguments(call.arguments)
      : span
        ? (partialJsonFields(this.text.pending.slice(span.start, span.end)) ?? {})
        : {}
    for (const [key, value] of Object.entries(fields)) {
      if (seen.fields.get(key) === value) continue
      seen.fields.set(key, value)
      events.push({ type: 'field', index, key, value, offset: this.text.base + call.start })
    }
  }

  /** A closed call's request, with the id end() keeps; the card settles on it. */
  private settle(call: FoundCall, index: number, reading: SectionReading, events: StreamEvent[]): void {
    const { base, pending } = this.text
    const shift = (p: FormatProblem): FormatProblem => ({ ...p, offset: p.offset + base })
    const whole: FoundCall = {
      ...call,
      start: call.start + base,
      end: call.end + base,
      problems: call.problems.map(shift),
    }
    const requestId = claimId(this.session, whole)
    const lines = this.lines
    const diagnostic = (p: FormatProblem): Diagnostic =>
      toDiagnostic(this.format, p, lines, lines.end, pending.endsWith('\n'))
    // The same spans end() sees, moved to offsets in the whole text.
    const request = toRequest(
      this.format,
      whole,
      pending.slice(call.start, call.end),
      this.context,
      diagnostic,
      shiftSpans(reading.reasoning, base),
      shiftSpans(reading.fences, base),
      requestId,
    )
    this.settled.push(request)
    events.push({ type: 'block-close', index, request, included: isIncluded(request, this.options) })
  }

  /**
   * Puts the section aside up to the finding's `resumeAt` once every call before it is settled;
   * the search for the next opener goes on from there.
   */
  private putAsideFinished(finding: FormatFinding, finished: number): void {
    const resumeAt = finding.resumeAt
    if (resumeAt === undefined || resumeAt <= 0) return
    const callBase = this.callBase
    const settledCount = this.settled.length
    if (
      finding.calls.some(
        (call, local) => call.start < resumeAt && (local >= finished || callBase + local >= settledCount),
      )
    )
      return
    this.callBase += finished
    this.putAside(resumeAt)
    this.searching = true
    this.searchFrom = 0
  }
}

/** A finding read with text before the section, moved to section offsets; calls that began before it are left out. */
function shiftedFinding(finding: FormatFinding, by: number): FormatFinding {
  const move = (p: FormatProblem): FormatProblem => ({ ...p, offset: p.offset + by })
  const calls = finding.calls
    .filter((call) => call.start + by >= 0)
    .map((call) => ({
      ...call,
      start: call.start + by,
      end: call.end + by,
      ...(call.nameEnd !== undefined ? { nameEnd: call.nameEnd + by } : {}),
      ...(call.argumentsSpan
        ? { argumentsSpan: { start: call.argumentsSpan.start + by, end: call.argumentsSpan.end + by } }
        : {}),
      problems: call.problems.map(move),
    }))
  return {
    calls,
    problems: finding.problems.map(move),
    ...(finding.resumeAt !== undefined ? { resumeAt: Math.max(0, finding.resumeAt + by) } : {}),
  }
}
