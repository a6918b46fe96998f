/**
 * One invoke of an XML-invoke format (`<function=NAME>...</function>`,
 * `<invoke name="NAME">...</invoke>`): its header names the tool, its body holds parameters (or,
 * where the grammar allows, a JSON object), and a missing closer ends it at the next marker that
 * cannot be inside it.
 */
import type { FormatProblem, FoundCall } from '../format'
import { say, type SaidMessage } from '../../../messages/say'
import { jsonValueEnd, readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { setOwn } from '../../../own-record'
import { type MarkerFinder as Finder, earliest } from '../marker-search'
import { isPlausibleName, readTagHeader, type TagHeader } from './xml-invoke-header'
import type { InvokeSource } from './xml-invoke-grammar'
import { readParameter } from './xml-invoke-parameter'
import { saidProblem } from './said-problem'

/** Said the same wherever it is found: made once. */
const NAME_CUT = say('native.xml.name-cut')

/** What an invoke's body holds once read. */
interface InvokeBody {
  args: Record<string, unknown>
  /** False when a JSON body could not be read: the call then has no arguments. */
  valid: boolean
  argumentsSpan?: { start: number; end: number }
  end: number
  closed: boolean
}

/** One invoke at `open`. `stops` are markers that end it when its own end is missing. */
export function readInvoke(s: InvokeSource, open: number, stops: readonly string[]): FoundCall {
  const headerStart = open + s.g.invoke.open.length
  const header = readTagHeader(s.text, headerStart, s.g.invoke.header)
  const problems: FormatProblem[] = []
  if (header.end === -1) return brokenHeader(s, open, header, problems)
  checkName(s, open, header, problems)
  const body = readBody(s, open, header, stops, problems)
  return {
    name: header.name,
    nameEnd: header.nameEnd,
    ...(body.argumentsSpan ? { argumentsSpan: body.argumentsSpan } : {}),
    arguments: body.valid ? body.args : null,
    start: open,
    end: body.end,
    closed: body.closed,
    problems,
  }
}

/** A call whose header is malformed (closed, with no arguments) or cut by the end of the text. */
function brokenHeader(s: InvokeSource, open: number, header: TagHeader, problems: FormatProblem[]): FoundCall {
  const { g, n } = s
  const name = header.name
  if (header.problem) {
    problems.push(
      saidProblem(
        'error',
        'missing-tool-name',
        say('native.xml.invoke-tag-malformed', { tag: g.invoke.open, problem: header.problem }),
        open,
        g.invoke.open.length,
      ),
    )
    return {
      name: isPlausibleName(name) ? name : '',
      arguments: null,
      start: open,
      end: open + g.invoke.open.length,
      closed: true,
      problems,
    }
  }
  problems.push(saidProblem('warning', 'unclosed-call', s.said.invokeTagCut, open, n - open))
  if (name === '') problems.push(saidProblem('error', 'missing-tool-name', NAME_CUT, open, n - open))
  return { name, arguments: name === '' ? null : {}, start: open, end: n, closed: false, problems }
}

function checkName(s: InvokeSource, open: number, header: TagHeader, problems: FormatProblem[]): void {
  const name = header.name
  if (name === '') {
    problems.push(saidProblem('error', 'missing-tool-name', s.said.invokeNamesNoTool, open, header.end - open))
  } else if (!isPlausibleName(name)) {
    const headerStart = open + s.g.invoke.open.length
    problems.push(
      saidProblem(
        'error',
        'invalid-tool-name',
        say('native.xml.not-a-tool-name', { name: JSON.stringify(name.slice(0, 60)) }),
        headerStart,
        header.nameEnd - headerStart,
      ),
    )
  }
}

/** The body after the header, up to the invoke's closer or the first marker that ends it. */
function readBody(
  s: InvokeSource,
  open: number,
  header: TagHeader,
  stops: readonly string[],
  problems: FormatProblem[],
): InvokeBody {
  const { text, g, f, n } = s
  const body: InvokeBody = { args: {}, valid: true, end: n, closed: false }
  const stopFinders = [f.sectionClose, f.sectionOpen, ...(stops.length > 0 && f.callClose ? [f.callClose] : [])]
  const stopMarkers = [g.section.close, g.section.open, ...stops]
  let at = header.end
  for (;;) {
    const i = skipSpace(text, at)
    if (i >= n) {
      problems.push(unclosed(open, header, s.said.callUnclosedToEnd))
      return body
    }
    if (text.startsWith(g.invoke.close, i)) {
      body.end = i + g.invoke.close.length
      body.closed = true
      return body
    }
    if (text.startsWith(g.parameter.open, i)) {
      at = readParameter(s, i, header.name, body.args, problems, stopFinders)
      continue
    }
    const stopMarker = stopMarkers.find((m) => text.startsWith(m, i))
    if (stopMarker !== undefined || text.startsWith(s.unitOpen, i)) {
      problems.push(unclosed(open, header, s.said.callEndsAt(stopMarker ?? s.unitOpen)))
      body.end = i
      body.closed = true
      return body
    }
    at =
      g.jsonBody && text[i] === '{'
        ? readJsonBody(s, i, body, problems, stopFinders)
        : skipStrayText(s, i, problems, stopFinders)
  }
}

function unclosed(open: number, header: TagHeader, said: SaidMessage): FormatProblem {
  return saidProblem('warning', 'unclosed-call', said, open, header.end - open)
}

/** A JSON object in place of parameters, its keys into the body's arguments; returns where reading goes on. */
function readJsonBody(
  s: InvokeSource,
  i: number,
  body: InvokeBody,
  problems: FormatProblem[],
  stopFinders: readonly Finder[],
): number {
  const { text, f } = s
  const limit = earliest([f.invokeClose, f.invokeOpen, ...stopFinders], i, s.n)
  const jsonEnd = jsonValueEnd(text, i, limit)
  const stop = jsonEnd === -1 ? limit : jsonEnd
  const read = readJsonArguments(text, i, stop)
  problems.push(...read.problems)
  body.argumentsSpan = { start: i, end: stop }
  if (read.value === null) body.valid = false
  else for (const [key, value] of Object.entries(read.value)) setOwn(body.args, key, value)
  return stop
}

/** Text in the call outside any parameter: noted and passed over up to the next marker. */
function skipStrayText(s: InvokeSource, i: number, problems: FormatProblem[], stopFinders: readonly Finder[]): number {
  const { f } = s
  const stop = earliest([f.paramOpen, f.invokeClose, f.invokeOpen, ...stopFinders], i + 1, s.n)
  const [ts, te] = trimSpan(s.text, i, stop)
  problems.push(saidProblem('warning', 'text-in-call', s.said.textInCall, ts, te - ts))
  return stop
}
