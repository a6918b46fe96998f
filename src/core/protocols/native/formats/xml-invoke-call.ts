/**
 * One invoke of an XML-invoke format (`<function=NAME>...</function>`,
 * `<invoke name="NAME">...</invoke>`): its header names the tool, its body holds parameters (or,
 * where the grammar allows, a JSON object), and a missing closer ends it at the next marker that
 * cannot be inside it.
 */
import type { FormatProblem, FoundCall } from '../format'
import { jsonValueEnd, readJsonArguments, skipSpace, trimSpan } from '../json-pieces'
import { setOwn } from '../../../own-record'
import { type MarkerFinder as Finder, earliest } from '../marker-search'
import { isPlausibleName, readTagHeader, type TagHeader } from './xml-invoke-header'
import type { InvokeSource } from './xml-invoke-grammar'
import { readParameter } from './xml-invoke-parameter'

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
      end: open + g.invoke.open.length,
      closed: true,
      problems,
    }
  }
  problems.push({
    severity: 'warning',
    code: 'unclosed-call',
    message: `the call's ${g.invoke.open} tag is cut off by the end of the text.`,
    offset: open,
    length: n - open,
  })
  if (name === '')
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      message: 'the call is cut off before its name is whole.',
      offset: open,
      length: n - open,
    })
  return { name, arguments: name === '' ? null : {}, start: open, end: n, closed: false, problems }
}

function checkName(s: InvokeSource, open: number, header: TagHeader, problems: FormatProblem[]): void {
  const name = header.name
  if (name === '') {
    problems.push({
      severity: 'error',
      code: 'missing-tool-name',
      message: `the call's ${s.g.invoke.open} tag names no tool.`,
      offset: open,
      length: header.end - open,
    })
  } else if (!isPlausibleName(name)) {
    const headerStart = open + s.g.invoke.open.length
    problems.push({
      severity: 'error',
      code: 'invalid-tool-name',
      message: `${JSON.stringify(name.slice(0, 60))} is not a tool name.`,
      offset: headerStart,
      length: header.nameEnd - headerStart,
    })
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
      problems.push(unclosed(s, open, header, 'it runs to the end of the text'))
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
      problems.push(unclosed(s, open, header, `it ends at ${stopMarker ?? s.unitOpen}`))
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

function unclosed(s: InvokeSource, open: number, header: TagHeader, where: string): FormatProblem {
  return {
    severity: 'warning',
    code: 'unclosed-call',
    message: `the call is never closed with ${s.g.invoke.close}; ${where}.`,
    offset: open,
    length: header.end - open,
  }
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
  problems.push({
    severity: 'warning',
    code: 'text-in-call',
    message: `text inside the call but outside any ${s.g.parameter.open} was ignored.`,
    offset: ts,
    length: te - ts,
  })
  return stop
}
