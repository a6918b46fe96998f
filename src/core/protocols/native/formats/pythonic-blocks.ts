/**
 * What the pythonic formats share: where a bare call list may open (the start of a line), the
 * loop over a format's own `open ... close` blocks, how one block's calls are placed in the
 * finding, and the pieces their texts are made of.
 */
import { markerFinders } from '../marker-search'
import type { FormatContext, FormatFinding, FormatProblem, FoundCall, RenderableCall } from '../format'
import { say, type SaidMessage } from '../../../messages/say'
import { readCallBlock, readCallList } from './pythonic-call-list'
import { resolveName, type CallOptions } from './pythonic-reader'
import { nameEnd, skipSpaces } from './pythonic-text'
import { ResumeMark } from './resume'
import { saidProblem } from './said-problem'

/** Findings that read the same wherever they are found, made once and shared (a text may hold many). */
const LIST_UNCLOSED_TO_END = say('native.pythonic.list-unclosed-to-end')

/** The family the pythonic formats are listed under. */
export const FAMILY = 'Pythonic'
/** How far `claims` looks past an opener for the call it opens. */
export const WINDOW = 256

/** A marker search that remembers its places (see marker-search.ts). */
export function markerFinder(text: string): (marker: string, from: number) => number {
  const finder = markerFinders(text)
  return (marker, from) => finder(marker).next(from)
}

/** Whether only spaces or tabs stand between the start of the line and `at`. */
export function atLineStart(text: string, at: number): boolean {
  let i = at - 1
  while (i >= 0) {
    const c = text.charCodeAt(i)
    if (c === 0x0a) return true
    if (c !== 0x20 && c !== 0x09) return false
    i--
  }
  return true
}

/** The call name that follows `[` at `at` (spaces allowed), if `name(` follows within a short look. */
export function listCallName(text: string, at: number, context: FormatContext): string | null {
  const limit = Math.min(text.length, at + WINDOW)
  const s = skipSpaces(text, at + 1, limit)
  const e = nameEnd(text, s, limit)
  if (e === s) return null
  const paren = skipSpaces(text, e, limit)
  if (paren >= limit || text.charCodeAt(paren) !== 0x28) return null
  return resolveName(text.slice(s, e), context)
}

/**
 * Calls of one block `[start, end)` placed in the finding: a block that holds one call gives it the
 * whole block as its span (closed only when the block's end was seen); several keep their own.
 */
export function place(
  calls: FoundCall[],
  block: { start: number; end: number; closed: boolean },
  out: FoundCall[],
): void {
  if (calls.length === 1) {
    const call = calls[0] as FoundCall
    out.push({ ...call, start: block.start, end: block.end, closed: block.closed && call.closed })
  } else out.push(...calls)
}

/** Bare lists `[name(...), ...]` that open a line, in text[from, to). */
export function readBareLists(
  text: string,
  from: number,
  to: number,
  context: FormatContext,
  calls: FoundCall[],
  problems: FormatProblem[],
  mark?: ResumeMark,
): void {
  let at = text.indexOf('[', from)
  while (at !== -1 && at < to) {
    if (!atLineStart(text, at) || listCallName(text, at, context) === null) {
      at = text.indexOf('[', at + 1)
      continue
    }
    const list = readCallList(text, at, to, context)
    problems.push(...list.problems)
    if (!list.closed) problems.push(saidProblem('warning', 'unclosed-list', LIST_UNCLOSED_TO_END, at, 1))
    const before = calls.length
    place(list.calls, { start: at, end: list.end, closed: list.closed }, calls)
    mark?.block(calls.slice(before), list.end, list.closed)
    at = list.end >= to ? -1 : text.indexOf('[', list.end)
  }
}

/**
 * `readBareLists` for the gaps between a format's blocks, called in order over one text. It keeps
 * the next `[` it found, so a gap without one costs no search past its end: the gaps together
 * search the text once, where a search per gap would cost every gap the rest of the reply.
 */
export function bareListsBetween(): NonNullable<TagOptions['between']> {
  let next = -1
  return (text, from, to, context, calls, problems, mark) => {
    if (next < from) {
      const at = text.indexOf('[', from)
      next = at === -1 ? text.length : at
    }
    if (next < to) readBareLists(text, from, to, context, calls, problems, mark)
  }
}

/** A format whose calls stand between markers of its own. */
export interface TagOptions {
  open: string
  close: string
  /** Reads the calls of one block's body. */
  body: (
    text: string,
    start: number,
    end: number,
    context: FormatContext,
  ) => { calls: FoundCall[]; problems: FormatProblem[] }
  /** Reads text between blocks (Llama 4 without its markers). */
  between?: (
    text: string,
    from: number,
    to: number,
    context: FormatContext,
    calls: FoundCall[],
    problems: FormatProblem[],
    mark?: ResumeMark,
  ) => void
  /** The openers a stream looks for: the block's, and the bare list's `[` when `between` reads them. */
  openers: readonly string[]
}

/**
 * Every `open ... close` block; a block left open runs to the end of the text. A block's calls may
 * hold text that reads as an opener, and bare lists are known by the start of their line, so a
 * stream is put aside only up to the start of a line after the last closed block
 * (`ResumeMark.atLineAfter`); so in the other readers below.
 */
export function readTagged(text: string, context: FormatContext, options: TagOptions): FormatFinding {
  const calls: FoundCall[] = []
  const problems: FormatProblem[] = []
  const mark = new ResumeMark()
  // Every empty block of a reading says the same: made once, when the first is found.
  let emptyBlock: SaidMessage | undefined
  let from = 0
  for (;;) {
    const open = text.indexOf(options.open, from)
    options.between?.(text, from, open === -1 ? text.length : open, context, calls, problems, mark)
    if (open === -1) break
    const bodyStart = open + options.open.length
    const close = text.indexOf(options.close, bodyStart)
    const bodyEnd = close === -1 ? text.length : close
    const end = close === -1 ? text.length : close + options.close.length
    if (close === -1)
      problems.push(
        saidProblem(
          'warning',
          'unclosed-section',
          say('native.pythonic.block-unclosed', { open: options.open, close: options.close }),
          open,
          options.open.length,
        ),
      )
    const read = options.body(text, bodyStart, bodyEnd, context)
    problems.push(...read.problems)
    if (read.calls.length === 0 && read.problems.length === 0) {
      const [s, e] = [skipSpaces(text, bodyStart, bodyEnd), bodyEnd]
      if (s >= e && close !== -1)
        problems.push(
          saidProblem(
            'info',
            'empty-call-list',
            (emptyBlock ??= say('native.pythonic.block-empty', { open: options.open })),
            open,
            end - open,
          ),
        )
    }
    const before = calls.length
    place(read.calls, { start: open, end, closed: close !== -1 }, calls)
    mark.block(calls.slice(before), end, close !== -1)
    from = end
  }
  return { calls, problems, ...mark.atLineAfter(text, options.openers) }
}

/** A block body read as pythonic calls (one per line, or a list). */
export function pythonicBody(options: CallOptions = {}) {
  return (text: string, start: number, end: number, context: FormatContext) =>
    readCallBlock(text, start, end, context, options)
}

/** The format's example: one call rendered as the format writes it. */
export function example(render: (call: RenderableCall) => string): string {
  return render({ toolName: 'calc_evaluate', arguments: { expression: '6*7' } })
}

/** Pieces of Python values, for texts built from a format's pieces. */
export const VALUE_PIECES = [
  'get_weather',
  'city=',
  "'Paris'",
  '"Paris"',
  'days=3',
  'True',
  'None',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  ', ',
  '=',
  "'",
  '"',
  '\\',
  '"""',
  '\n',
  ' ',
]
