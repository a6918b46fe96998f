/**
 * The loops over the blocks of the formats that wrap JSON calls in tags of their own: blocks with
 * a closer (`readWrapped`), and openers with none, closed by their JSON's own end
 * (`readOpenEnded`). Every search is bounded by the next opener, so a text of openers with no
 * closers stays linear.
 */
import type { FormatProblem, FoundCall } from '../format'
import { skipSpace, trimSpan } from '../json-pieces'
import { MarkerFinder, firstMarker } from '../marker-search'
import { isWhole, readCallArray, readCallObject, type CallShape, type Reading } from './json-tagged-read'
import { ResumeMark } from './resume'
import { TO_TEXT_END, toNext } from './runs-to'
import { say } from '../../../messages/say'

/**
 * The calls in a payload text[start, end): call objects one after another (white space or commas
 * between them), or JSON arrays of them. Returns false when the payload does not begin with JSON
 * at all (nothing was read).
 */
export function readPayload(
  text: string,
  start: number,
  end: number,
  shape: CallShape,
  closed: boolean,
  out: Reading,
): boolean {
  let i = skipSpace(text, start, end)
  const first = text.charCodeAt(i)
  if (i >= end || (first !== 0x7b && first !== 0x5b)) return false
  for (;;) {
    i = skipSpace(text, i, end)
    if (i >= end) return true
    const c = text.charCodeAt(i)
    let next: number
    if (c === 0x7b) {
      const read = readCallObject(text, i, end, shape, closed)
      out.calls.push(read.call)
      next = read.end
    } else if (c === 0x5b) {
      next = readCallArray(text, i, end, shape, closed, out)
    } else {
      const [s, e] = trimSpan(text, i, end)
      out.problems.push({
        severity: 'warning',
        code: 'text-between-calls',
        ...say('native.json.text-after-calls', { what: shape.what }),
        offset: s,
        length: e - s,
      })
      return true
    }
    if (next === -1) return true
    i = skipSpace(text, next, end)
    if (text.charCodeAt(i) === 0x2c) i++
  }
}

/** How a format wraps its calls: its openers and closer, and what a block holds. */
export interface WrapperSpec {
  openers: readonly string[]
  closer: string
  shape: CallShape
  /** 'call': the wrapper holds one call (Hermes-like); 'section': it holds a list. */
  kind: 'call' | 'section'
  /** Where the payload begins after an opener, or -1 when this opener does not start a call here. */
  payloadStart?: (text: string, afterOpener: number) => number
}

/** One block between an opener and its closer (or the next opener, or the end of the text). */
interface WrapperBlock {
  open: number
  opener: string
  bodyStart: number
  bodyEnd: number
  /** After the closer when there is one, else `bodyEnd`. */
  end: number
  closed: boolean
  /** No opener follows: an unclosed block runs to the end of the text. */
  last: boolean
}

/**
 * Every wrapper block in the text. A block with no closer runs to the next opener or the end of
 * the text. A wrapper holding one call gives that call the whole block as its span.
 *
 * A block ends at its closer or at the next opener, so no opener lies inside one: read from any
 * place, the text gives the same blocks from its first opener on, and a stream may put aside
 * everything up to the end of the last block whose calls are all closed.
 */
export function readWrapped(text: string, spec: WrapperSpec): Reading {
  const out: Reading = { calls: [], problems: [] }
  const openers = spec.openers.map((o) => new MarkerFinder(text, o))
  const closer = new MarkerFinder(text, spec.closer)
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const [open, opener] = firstMarker(openers, from)
    if (open === -1) break
    const afterOpener = open + opener.length
    const bodyStart = spec.payloadStart ? spec.payloadStart(text, afterOpener) : afterOpener
    if (bodyStart === -1) {
      from = afterOpener
      continue
    }
    const [nextOpen] = firstMarker(openers, bodyStart)
    const close = closer.next(bodyStart)
    const closed = close !== -1 && (nextOpen === -1 || close < nextOpen)
    const bodyEnd = closed ? close : nextOpen === -1 ? text.length : nextOpen
    const end = closed ? close + spec.closer.length : bodyEnd
    const block: WrapperBlock = { open, opener, bodyStart, bodyEnd, end, closed, last: nextOpen === -1 }
    from = end
    const mine: Reading = { calls: [], problems: [] }
    if (!readPayload(text, bodyStart, bodyEnd, spec.shape, closed, mine)) {
      reportNoPayload(text, spec, block, out.problems)
      // An opener followed by prose and no closer is a mention of the syntax, not a call.
      mark.block([], end, closed || nextOpen !== -1)
      continue
    }
    if (!closed) reportUnclosed(spec, block, mine.calls, out.problems)
    // In a list each call ends with its own "}", so a stream can settle it before the list ends.
    if (spec.kind === 'section') for (const call of mine.calls) call.closed ||= isWhole(call)
    if (mine.calls.length === 1) {
      // The only call spans the block; until its closer arrives another call may still come.
      const call = mine.calls[0] as FoundCall
      call.start = open
      call.end = end
      if (!closed) call.closed = false
    }
    out.calls.push(...mine.calls)
    out.problems.push(...mine.problems)
    mark.block(mine.calls, end, closed || nextOpen !== -1)
  }
  return { ...out, ...mark.atEnd() }
}

/** A block whose payload is not JSON: tags around no call, or an opener with nothing after it. */
function reportNoPayload(text: string, spec: WrapperSpec, block: WrapperBlock, problems: FormatProblem[]): void {
  const { open, opener } = block
  const [s, e] = trimSpan(text, block.bodyStart, block.bodyEnd)
  if (block.closed) {
    // Tags around no JSON: a broken call or a mention of the tags; either way not a call to run.
    problems.push(
      s === e
        ? {
            severity: 'warning',
            code: 'missing-arguments',
            ...say('native.json.block-holds-no-call', { opener, closer: spec.closer }),
            offset: open,
            length: block.end - open,
          }
        : {
            severity: 'warning',
            code: 'invalid-json',
            ...say('native.json.block-not-object', {
              what: spec.shape.what,
              found: JSON.stringify(text.slice(s, Math.min(e, s + 30))),
            }),
            offset: s,
            length: 1,
          },
    )
  } else if (s === e && block.bodyEnd === text.length) {
    problems.push({
      severity: 'warning',
      code: 'unclosed-call',
      ...say('native.json.opener-at-end', { opener }),
      offset: open,
      length: opener.length,
    })
  }
}

/** A block with no closer: each call of a one-call wrapper is told so, else the block is. */
function reportUnclosed(spec: WrapperSpec, block: WrapperBlock, calls: FoundCall[], problems: FormatProblem[]): void {
  const { open, opener } = block
  const runs = block.last ? TO_TEXT_END : toNext(opener)
  // Said once and shared by the block's calls.
  const unclosed = say('native.json.block-unclosed', { opener, closer: spec.closer, runs })
  if (spec.kind === 'call' && calls.length > 0) {
    for (const call of calls)
      call.problems.push({
        severity: 'warning',
        code: 'unclosed-call',
        ...unclosed,
        offset: open,
        length: opener.length,
      })
  } else {
    problems.push({
      severity: 'warning',
      code: 'unclosed-section',
      ...unclosed,
      offset: open,
      length: opener.length,
    })
  }
}

/**
 * Calls after openers that have no closer (Granite, GigaChat): a JSON array or one object. The
 * calls are closed once their JSON is whole. `swallow` is a closing tag some writers add anyway.
 * A block is read no further than the next opener, so none lies inside one: a stream may put aside
 * everything up to the end of the last settled block.
 */
export function readOpenEnded(text: string, openers: readonly string[], shape: CallShape, swallow?: string): Reading {
  const out: Reading = { calls: [], problems: [] }
  const finders = openers.map((o) => new MarkerFinder(text, o))
  const mark = new ResumeMark()
  let from = 0
  for (;;) {
    const [open, opener] = firstMarker(finders, from)
    if (open === -1) break
    const after = open + opener.length
    const [nextOpen] = firstMarker(finders, after)
    const limit = nextOpen === -1 ? text.length : nextOpen
    const i = skipSpace(text, after, limit)
    const c = text.charCodeAt(i)
    if (i >= limit || (c !== 0x5b && c !== 0x7b)) {
      if (i >= limit && limit === text.length)
        out.problems.push({
          severity: 'warning',
          code: 'unclosed-call',
          ...say('native.json.opener-at-end', { opener }),
          offset: open,
          length: opener.length,
        })
      // Otherwise prose follows: a mention of the marker, not a call.
      from = after
      continue
    }
    const mine: Reading = { calls: [], problems: [] }
    let end: number
    if (c === 0x5b) {
      end = readCallArray(text, i, limit, shape, false, mine)
      if (end === -1 && !mine.problems.some((p) => p.severity === 'error') && mine.calls.every(isWhole)) {
        mine.problems.push({
          severity: 'warning',
          code: 'unclosed-section',
          ...say('native.json.opener-list-unclosed', {
            opener,
            runs: limit === text.length ? TO_TEXT_END : toNext(opener),
          }),
          offset: open,
          length: opener.length,
        })
      }
    } else {
      const read = readCallObject(text, i, limit, shape, false)
      mine.calls.push(read.call)
      end = read.end
    }
    // Each call ends with its own "}": a stream can settle it before the list ends.
    for (const call of mine.calls) call.closed = isWhole(call)
    // Whether the block's end can still move (a swallowed tag may still be arriving).
    let settled = end !== -1
    if (end !== -1 && swallow !== undefined) {
      const j = skipSpace(text, end, limit)
      if (text.startsWith(swallow, j)) end = j + swallow.length
      else if (swallow.startsWith(text.slice(j, Math.min(limit, j + swallow.length)))) settled = false
    }
    if (mine.calls.length === 1) {
      // The only call spans the block, whose end is known only once the list has ended.
      const call = mine.calls[0] as FoundCall
      call.start = open
      call.end = end === -1 ? limit : Math.max(call.end, end)
      if (!settled) call.closed = false
    }
    out.calls.push(...mine.calls)
    out.problems.push(...mine.problems)
    mark.block(mine.calls, end === -1 ? limit : end, settled)
    from = end === -1 ? limit : end
  }
  return { ...out, ...mark.atEnd() }
}
