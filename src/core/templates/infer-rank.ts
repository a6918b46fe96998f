/**
 * Which format reads a template's probe turns: every format's reader on every turn, the readers that
 * give back exactly the planted calls, and those ranked from the most specific to the least.
 *
 * A reader takes part when it gives back the one call and nothing from the text-only turn, and
 * when it does not read the calls out of markers it does not know: `<TOOLCALL>[...]</TOOLCALL>` is
 * not xLAM's bare list, though the list inside reads as one. The ranking, first difference decides:
 *  0. exact: the call's arguments read back as planted, not only its name (a template that garbles
 *     arguments, `f(city=Zzyzx)`, still shows the format by its markup);
 *  1. complete: the reader also gives back both calls of the two-call turn (when the template
 *     rendered both: one that drops the second call says nothing here);
 *  2. writes alike: the format's own writing of the call appears in the turn, whitespace aside
 *     (`<tool_call>{"name": ...}</tool_call>` is Hermes' writing, not generic JSON's);
 *  3. the least of the call's text left unread: of what the call turn has and the text turn has not,
 *     the fewest characters (whitespace aside) outside the reader's calls (a reader of the tags
 *     around the JSON is more specific than one of the JSON inside);
 *  4. a format whose own markers are in the turn (an opener of four characters or more, not a bare
 *     `[` or `{`) before one whose are not (Llama 4's reader takes a bare Python list too, but a list
 *     without `<|python_start|>` is no more Llama 4's than plain pythonic);
 *  5. the format the `model` hint names (MODEL_TABLE), the usual one first;
 *  6. the catalog's order (`listFormats()`: the text protocols, then the native formats by family).
 * Formats equal through step 4 that read every turn alike are ones the template cannot tell apart
 * (Hermes and ERNIE 4.5, Jamba and Hunyuan); the answer names them as `sameReading`.
 */
import type { ReadCall, TemplateCall } from './calls'
import { plainCalls, readCalls, sameCalls } from './calls'
import { backToBoundary } from './probe-render'
import { PROBE_CALL_IDS } from './probe'
import { convertRequest } from '../protocols/convert'
import { formatsForModel } from '../protocols/native/models'
import { listFormats } from '../protocols/formats-catalog'

/** The probe turns: a call, two calls, none. */
export type ProbeVariant = 'one-call' | 'two-calls' | 'no-call'

/** One turn as rendered, for reading. */
export interface RenderedVariant {
  variant: ProbeVariant
  planted: readonly TemplateCall[]
  span: string
}

/** What one format's reader gives back from one turn. */
export interface FormatReading {
  format: string
  calls: TemplateCall[]
  /** The calls are exactly the planted ones. */
  exact: boolean
}

/**
 * A reader that gives back the one call (exactly, or by name only) and nothing from the text-only
 * turn, without reading it out of markers it does not know.
 */
export interface Candidate {
  format: string
  label: string
  /** The call reads back with its arguments as planted; false when only its name does (the template garbles them). */
  exact: boolean
  complete: boolean
  writesAlike: boolean
  /** Characters of the call's text (whitespace aside) outside the calls the reader read. */
  unread: number
  /** One of the format's own markers is in the turn. */
  marked: boolean
  readings: Map<ProbeVariant, FormatReading>
}

export interface Ranking {
  /** Best first. */
  candidates: Candidate[]
  /** Every reader that found a call, per turn. */
  readings: Map<ProbeVariant, FormatReading[]>
  /** The two-call turn was rendered with both calls in it, so it tells readers apart. */
  twoCallsTell: boolean
  /** Readers that read the calls out of markers they do not know, with those markers. */
  inside: { format: string; markers: string }[]
}

/** Openers shorter than this (`[`, `{`, `>>>`) are no format's own. */
const MARKER_LENGTH = 4

/** Reads every turn with every format in `formatIds` and ranks the readers that read the planted calls. */
export function rankReaders(
  variants: readonly RenderedVariant[],
  tools: readonly unknown[],
  formatIds: readonly string[],
  model?: string,
): Ranking {
  const catalog = listFormats()
  const readings = new Map<ProbeVariant, FormatReading[]>(variants.map((v) => [v.variant, []]))
  const oneCall = variants.find((v) => v.variant === 'one-call')
  const twoCalls = variants.find((v) => v.variant === 'two-calls')
  const twoCallsTell = twoCalls !== undefined && twoCalls.planted.every((call) => twoCalls.span.includes(call.name))
  const part = oneCall ? callPart(oneCall.span, variants.find((v) => v.variant === 'no-call')?.span) : null
  const candidates: Candidate[] = []
  const inside: Ranking['inside'] = []
  for (const id of formatIds) {
    const info = catalog.find((format) => format.id === id)
    if (!info || !oneCall || !part) continue
    const mine = new Map<ProbeVariant, FormatReading>()
    let read: ReadCall[] = []
    for (const { variant, planted, span } of variants) {
      const calls = readCalls(span, id, tools)
      if (variant === 'one-call') read = calls
      const reading = { format: id, calls: plainCalls(calls), exact: sameCalls(planted, calls) }
      mine.set(variant, reading)
      if (calls.length > 0) readings.get(variant)?.push(reading)
    }
    const none = mine.get('no-call')
    const one = mine.get('one-call')
    if (!one || !sameNames(oneCall.planted, one.calls) || (none && none.calls.length > 0)) continue
    const markers = unknownMarkers(oneCall.span, part, read, info.delimited)
    if (markers !== null) {
      inside.push({ format: id, markers })
      continue
    }
    const two = mine.get('two-calls')
    candidates.push({
      format: id,
      label: info.label,
      exact: one.exact,
      complete:
        !twoCallsTell || (two !== undefined && (one.exact ? two.exact : sameNames(twoCalls?.planted ?? [], two.calls))),
      writesAlike: writesAlike(id, oneCall),
      unread: unread(oneCall.span, part, read),
      marked: info.openers.some((opener) => opener.length >= MARKER_LENGTH && oneCall.span.includes(opener)),
      readings: mine,
    })
  }
  const hinted = formatsForModel(model)
  const order = (id: string) => {
    const at = hinted.indexOf(id)
    return at === -1 ? hinted.length : at
  }
  candidates.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      Number(b.complete) - Number(a.complete) ||
      Number(b.writesAlike) - Number(a.writesAlike) ||
      a.unread - b.unread ||
      Number(b.marked) - Number(a.marked) ||
      order(a.format) - order(b.format) ||
      formatIds.indexOf(a.format) - formatIds.indexOf(b.format),
  )
  return { candidates, readings, twoCallsTell, inside }
}

function sameNames(planted: readonly TemplateCall[], read: readonly TemplateCall[]): boolean {
  return planted.length === read.length && planted.every((call, index) => read[index]?.name === call.name)
}

/** The candidates the template cannot tell apart from the best: equal through step 4, reading every turn alike. */
export function sameReadingAs(best: Candidate, candidates: readonly Candidate[]): string[] {
  return candidates
    .filter(
      (other) =>
        other !== best &&
        other.exact === best.exact &&
        other.complete === best.complete &&
        other.writesAlike === best.writesAlike &&
        other.unread === best.unread &&
        other.marked === best.marked &&
        [...best.readings].every(([variant, reading]) => {
          const theirs = other.readings.get(variant)
          return theirs !== undefined && sameCalls(reading.calls, theirs.calls)
        }),
    )
    .map((other) => other.format)
}

/**
 * The part of the call turn that the text turn has not: both are framed alike (the role's header,
 * the end of turn), so what lies between their common start and common end, whitespace aside, is
 * the call's.
 */
function callPart(span: string, textSpan: string | undefined): { start: number; end: number } {
  if (textSpan === undefined) return { start: 0, end: span.length }
  let start = 0
  for (let other = 0; start < span.length && other < textSpan.length; ) {
    if (span[start] === textSpan[other]) {
      start++
      other++
    } else if (/\s/.test(span[start] as string)) start++
    else if (/\s/.test(textSpan[other] as string)) other++
    else break
  }
  start = backToBoundary(span, start)
  let end = span.length
  for (let other = textSpan.length; end > start && other > 0; ) {
    if (span[end - 1] === textSpan[other - 1]) {
      end--
      other--
    } else if (/\s/.test(span[end - 1] as string)) end--
    else if (/\s/.test(textSpan[other - 1] as string)) other--
    else break
  }
  return { start, end }
}

function unread(span: string, part: { start: number; end: number }, calls: readonly ReadCall[]): number {
  let count = 0
  for (let at = part.start; at < part.end; at++) {
    if (/\s/.test(span[at] as string)) continue
    if (!calls.some((call) => at >= call.start && at < call.end)) count++
  }
  return count
}

/**
 * The markers around the calls that the reader leaves unread, when they show the calls are in
 * another format: an opening tag just before the calls with its closing tag just after them, or,
 * for a reader with no markers of its own, any tag or `[TOKEN]` of the call's text it leaves unread
 * (reasoning tags aside). Null when there are none.
 */
function unknownMarkers(
  span: string,
  part: { start: number; end: number },
  calls: readonly ReadCall[],
  delimited: boolean,
): string | null {
  const first = calls[0]
  const last = calls[calls.length - 1]
  if (!first || !last) return null
  const before = /<\|?([A-Za-z][\w:-]*)[^<>]*>[\s[]*$/.exec(span.slice(Math.max(0, first.start - 80), first.start))
  const name = before?.[1]
  if (before && name) {
    const after = /^[\s\]]*(<\|?\/[A-Za-z][\w:-]*\|?>)/.exec(span.slice(last.end, last.end + 80))
    if (after?.[1] === `</${name}>` || after?.[1] === `<|/${name}|>`) return `${before[0].trim()} ... ${after[1]}`
  }
  if (delimited) return null
  let text = ''
  for (let at = part.start; at < part.end; at++) {
    text += calls.some((call) => at >= call.start && at < call.end) ? ' ' : (span[at] as string)
  }
  const markers = text
    .replace(/<think>[\s\S]*?<\/think>|<\/?think>/g, ' ')
    // A pair of markers with nothing inside encloses nothing: Llama 4 writes <|python_start|><|python_end|>{...}.
    .replace(/<\|(\w+)_start\|>\s*<\|\1_end\|>|<([A-Za-z][\w:-]*)>\s*<\/\2>/g, ' ')
    .match(/<\|?\/?[A-Za-z][\w:-]*[^<>\n]*>|\[[A-Z][A-Z_]+\]/g)
  return markers ? markers.join(' ') : null
}

/** Whether the format's own writing of the planted call (with or without its id) appears in the turn, whitespace aside. */
function writesAlike(formatId: string, oneCall: RenderedVariant): boolean {
  const call = oneCall.planted[0]
  if (!call) return false
  const turn = squeeze(oneCall.span)
  const args = Object.fromEntries(Object.entries(call.arguments).map(([key, value]) => [key, String(value)]))
  return [undefined, PROBE_CALL_IDS[0]].some((requestId) => {
    try {
      const written = convertRequest(
        { toolName: call.name, args, arguments: call.arguments, ...(requestId ? { requestId } : {}) },
        formatId,
      ).text
      return turn.includes(squeeze(written))
    } catch {
      return false
    }
  })
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, '')
}
