/**
 * A reply read as calls in BFCL's decoded form. A reply arrives as raw text (parsed with any
 * protocol or native format, auto by default), as native `tool_calls`, or already decoded as BFCL's
 * result files hold it (`[{"name": {"arg": value}}]`, or `[{"name": "{\"arg\": value}"}]` for
 * function-calling models). Never throws: what cannot be read is a decoding error with BFCL's label.
 */
import type { NativeToolCall } from '../chat/types'
import { parseToolRequests } from '../parser'
import { isRecord, setOwn } from '../own-record'
import { parseLenientJson } from '../protocols/json/lenient-json'
import { nativeFormats } from '../protocols/native/registry'
import type { ParseOptions } from '../protocols/protocol'
import type { Diagnostic, ParsedRequest, ParseResult } from '../types'
import type { EvalToolset } from './functions'
import { typedByFunction } from './typed-values'
import type { DecodedCall, FormatCompliance } from './types'

/** What a reply decoded to, or why it could not be decoded (BFCL's `ast_decoder:*` labels). */
export interface DecodedReply {
  calls: DecodedCall[]
  compliance: FormatCompliance
  /** Set when decoding failed: the reply cannot be scored as calls. */
  failure?: { errorType: 'ast_decoder:decoder_failed' | 'ast_decoder:decoder_wrong_output_format'; errors: string[] }
}

/** How raw text is read. */
export interface DecodeOptions {
  /** A protocol or native format id. @default 'auto' */
  protocol?: string
  /** The model that wrote the reply: auto then reads that model's formats. */
  model?: string
}

/** Decodes a result as a BFCL result file or a live run holds it: text, or already decoded calls. */
export function decodeResult(result: unknown, toolset: EvalToolset, options: DecodeOptions = {}): DecodedReply {
  if (typeof result === 'string') return decodeText(result, toolset, options)
  if (Array.isArray(result)) return decodeBfclCalls(result, toolset)
  return wrongShape(`the result is ${describe(result)}, not reply text or a list of calls`)
}

/** Decodes reply text with a protocol or native format (auto by default). */
export function decodeText(text: string, toolset: EvalToolset, options: DecodeOptions = {}): DecodedReply {
  const parse = parseTyped(text, options.protocol ?? 'auto', toolset, options.model)
  const compliance = complianceOf(parse, options.protocol ?? 'auto')
  const broken = parse.requests.filter((request) => !request.valid)
  if (broken.length > 0) {
    const errors = parse.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`)
    return { calls: [], compliance, failure: { errorType: 'ast_decoder:decoder_failed', errors } }
  }
  if (parse.requests.length === 0) {
    // BFCL's decoders fail on a reply with no call; for an irrelevance case that is the pass.
    const errors = [
      'no call found in the reply',
      ...compliance.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.code}: ${d.message}`),
    ]
    return { calls: [], compliance, failure: { errorType: 'ast_decoder:decoder_failed', errors } }
  }
  const calls = parse.requests.map((request) => callOf(request, toolset))
  return { calls, compliance }
}

// Formats whose every value is text: only a schema can say `3` is a number there.
const TEXT_VALUED = new Set(nativeFormats().flatMap((format) => (format.family === 'XML invoke' ? [format.id] : [])))

/**
 * The reply parsed with the functions as the tools hint. By name only first: a value the model
 * quoted stays a string (typing it by schema would hide the type error a scorer must see). A reply
 * in a format that writes every value as text is read again with the schemas, which type it.
 */
function parseTyped(text: string, protocol: string, toolset: EvalToolset, model: string | undefined): ParseResult {
  const hinted = (tools: readonly unknown[]): ParseOptions => ({ tools, ...(model ? { model } : {}) })
  const parse = parseReply(text, protocol, hinted(toolset.names))
  const textValued =
    TEXT_VALUED.has(protocol) || (parse.detected ?? []).some((d) => d.requests > 0 && TEXT_VALUED.has(d.id))
  return textValued ? parseReply(text, protocol, hinted(toolset.hints)) : parse
}

// Formats with no delimiter of their own (pythonic, bare JSON): auto reads only their calls of
// the functions offered, so a call of any other function would vanish from the verdict.
const UNDELIMITED = new Set(nativeFormats().flatMap((format) => (format.delimited ? [] : [format.id])))

/**
 * The reply parsed; with auto, a reply found in an undelimited format (or in none: then pythonic,
 * the format BFCL prompts for, is tried) is read again by that format's id, which keeps every call
 * and warns of the names not offered. A scorer must see a wrong call, not lose it.
 */
function parseReply(text: string, protocol: string, options: ParseOptions): ParseResult {
  const parse = parseToolRequests(text, protocol, options)
  if (protocol !== 'auto') return parse
  const found = (parse.detected ?? []).filter((d) => d.requests > 0)
  const only = found.length === 1 && found[0]?.requests === parse.requests.length ? found[0] : undefined
  const format = parse.requests.length === 0 ? 'pythonic' : only?.id
  if (format === undefined || !UNDELIMITED.has(format)) return parse
  const full = parseToolRequests(text, format, options)
  if (full.requests.length === 0 && parse.requests.length === 0) return unbracketed(text, options) ?? parse
  if (full.requests.length <= parse.requests.length) return parse
  const label = nativeFormats().find((f) => f.id === format)?.label ?? format
  const reason = only?.reason ?? 'a call list, read as BFCL reads replies'
  const offset = only?.offset ?? 0
  return { ...full, detected: [{ id: format, label, reason, offset, requests: full.requests.length }] }
}

/** A reply that is nothing but calls, `f(a=1), g(b=2)`, with no list around them. */
const BARE_CALLS = /^[A-Za-z_][\w.]*\s*\([\s\S]*\)$/

/**
 * Calls written without the list BFCL's prompt asks for (`f(a=1)` for `[f(a=1)]`): read as the
 * list, as BFCL's own decoders do, with a warning. Undefined when the reply is not such calls.
 */
function unbracketed(text: string, options: ParseOptions): ParseResult | undefined {
  const trimmed = text.trim()
  if (!BARE_CALLS.test(trimmed)) return undefined
  const listed = parseToolRequests(`[${trimmed}]`, 'pythonic', options)
  if (listed.requests.length === 0) return undefined
  const warning: Diagnostic = {
    severity: 'warning',
    code: 'unbracketed-call-list',
    message: 'the calls are not inside a list ([...]): read as one, as BFCL reads them',
    offset: 0,
    length: 0,
    line: 1,
    column: 1,
  }
  const reason = 'calls with no list around them'
  return {
    ...listed,
    diagnostics: [warning, ...listed.diagnostics],
    detected: [{ id: 'pythonic', label: 'Pythonic', reason, offset: 0, requests: listed.requests.length }],
  }
}

/** Decodes a native reply: its `tool_calls`, or when it has none, markup its text may hold. */
export function decodeNative(
  content: string,
  toolCalls: readonly NativeToolCall[],
  toolset: EvalToolset,
): DecodedReply {
  if (toolCalls.length === 0) {
    const fromText = decodeText(content, toolset)
    const noMarkup = fromText.calls.length === 0 && fromText.compliance.diagnostics.every((d) => d.severity === 'info')
    if (noMarkup) return { ...fromText, compliance: { parsed: true, format: 'native', diagnostics: [] } }
    const note = { severity: 'warning', code: 'calls-in-content', message: 'the calls came as text, not as tool_calls' }
    return {
      ...fromText,
      compliance: { ...fromText.compliance, parsed: false, diagnostics: [note, ...fromText.compliance.diagnostics] },
    }
  }
  const entries = toolCalls.map((call) => ({ [call.function.name]: call.function.arguments }))
  const decoded = decodeBfclCalls(entries, toolset)
  return { ...decoded, compliance: { ...decoded.compliance, format: 'native' } }
}

/** BFCL's decoded form, or a function-calling model's `[{"name": "<JSON arguments>"}]`. */
function decodeBfclCalls(entries: readonly unknown[], toolset: EvalToolset): DecodedReply {
  const calls: DecodedCall[] = []
  for (const [index, entry] of entries.entries()) {
    const keys = isRecord(entry) ? Object.keys(entry) : []
    if (!isRecord(entry) || keys.length !== 1)
      return wrongShape(`call ${index} is ${describe(entry)}, not one {"name": arguments} pair`)
    const written = keys[0] as string
    let args = entry[written]
    if (typeof args === 'string') {
      const parsed = parseLenientJson(args)
      if (!parsed.ok)
        return failed(`the arguments of call ${index} (${JSON.stringify(written)}) are not JSON: ${parsed.message}`)
      args = parsed.value
    }
    if (!isRecord(args)) return wrongShape(`the arguments of call ${index} are ${describe(args)}, not an object`)
    calls.push(named(toolset.functionNamed(written)?.name ?? written, args))
  }
  return { calls, compliance: { parsed: true, format: 'decoded', diagnostics: [] } }
}

function callOf(request: ParsedRequest, toolset: EvalToolset): DecodedCall {
  const fn = toolset.functionNamed(request.toolName)
  const name = fn?.name ?? request.toolName
  if (isRecord(request.arguments)) return named(name, request.arguments)
  return named(name, fn ? typedByFunction(request.args, fn) : request.args)
}

function named(name: string, args: Record<string, unknown>): DecodedCall {
  const call: DecodedCall = Object.create(null) as DecodedCall
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const key of Object.keys(args)) setOwn(copy, key, args[key])
  setOwn(call, name, copy)
  return call
}

function complianceOf(parse: ParseResult, protocol: string): FormatCompliance {
  const diagnostics = parse.diagnostics.map((d) => ({ severity: d.severity, code: d.code, message: d.message }))
  const parsed = !parse.diagnostics.some((d) => d.severity === 'error') && parse.requests.every((r) => r.valid)
  const found = parse.requests.length > 0
  const format =
    protocol !== 'auto'
      ? found
        ? protocol
        : undefined
      : (parse.detected?.find((d) => d.requests > 0)?.id ?? parse.detected?.[0]?.id)
  return { parsed, ...(format ? { format } : {}), diagnostics }
}

function failed(error: string): DecodedReply {
  return {
    calls: [],
    compliance: { parsed: false, diagnostics: [] },
    failure: { errorType: 'ast_decoder:decoder_failed', errors: [error] },
  }
}

function wrongShape(error: string): DecodedReply {
  return {
    calls: [],
    compliance: { parsed: false, diagnostics: [] },
    failure: { errorType: 'ast_decoder:decoder_wrong_output_format', errors: [error] },
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
