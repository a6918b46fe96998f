/**
 * The Parser pane: the pasted reply, the protocol to read it with, and what running its requests
 * gave. The reply is parsed after a short pause in typing, so a long reply never makes typing lag.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import {
  coerceArguments,
  executeToolRequest,
  parseToolRequests,
  resolveRoute,
  toolRegistryManager,
  type MethodParameter,
  type ParsedRequest,
  type ParseResult,
  type ToolExecutionResult,
} from '../core'
import { isRecord, persistedRef } from './persisted'
import { SAMPLE_REPLIES } from './samples'

export type RequestStatus = 'ready' | 'unknown-tool' | 'not-agent-callable' | 'invalid'

export interface ArgumentRow {
  name: string
  given: string | undefined
  expected: string
  /** ok, missing (required and absent), default (absent, default applies), undeclared, or a type error. */
  state: 'ok' | 'missing' | 'default' | 'undeclared' | 'error'
  /** The value the executor will pass (typed), as JSON. */
  coerced?: string
  problem?: string
}

export interface RequestCheck {
  status: RequestStatus
  message?: string
  routingName?: string
  rows: ArgumentRow[]
}

interface ParserState {
  text: string
  protocol: string
}

/** Longer replies stay in the editor but are not saved: localStorage is small. */
const MAX_SAVED_CHARS = 1_000_000
export const PARSE_DELAY_MS = 120

export const useParserStore = defineStore('parser', () => {
  const state = persistedRef<ParserState>(
    'parser',
    1,
    () => ({ text: SAMPLE_REPLIES[0]?.text ?? '', protocol: 'auto' }),
    (data) => (isRecord(data) && typeof data.text === 'string' && typeof data.protocol === 'string' ? (data as unknown as ParserState) : null),
  )
  // The editor's live text. The saved copy follows it after a pause in typing (saving a long
  // reply on every keystroke would cost more than the typing), unless it is too long.
  const text = ref(state.value.text)

  const parsedText = ref(text.value)
  const result = shallowRef<ParseResult>(parseToolRequests(text.value, state.value.protocol))
  let timer: ReturnType<typeof setTimeout> | null = null
  function reparse(): void {
    if (text.value.length <= MAX_SAVED_CHARS) state.value.text = text.value
    parsedText.value = text.value
    result.value = parseToolRequests(text.value, state.value.protocol)
    results.value = {}
  }
  watch(text, () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(reparse, PARSE_DELAY_MS)
  })
  watch(() => state.value.protocol, reparse)
  /** Parses now (tests, and before running). */
  function flush(): void {
    if (timer) clearTimeout(timer)
    timer = null
    if (parsedText.value !== text.value) reparse()
  }

  const results = shallowRef<Record<string, ToolExecutionResult>>({})
  const running = ref(new Set<string>())

  function check(request: ParsedRequest): RequestCheck {
    const route = resolveRoute(toolRegistryManager, request.toolName, typeof request.args.command === 'string' ? request.args.command : undefined)
    if (!request.valid) return { status: 'invalid', message: request.diagnostics.find((d) => d.severity === 'error')?.message, rows: [] }
    if (!route.ok) return { status: 'unknown-tool', message: route.message, rows: [] }
    const { method, routingName } = route.target
    const typed = isRecord(request.arguments) ? request.arguments : request.args
    const given: Record<string, unknown> = { ...typed }
    if (routingName !== request.toolName) delete given.command
    const rows = argumentRows(method.parameters, given)
    if (method.agentCallable !== true) return { status: 'not-agent-callable', routingName, rows, message: `"${routingName}" is not agent-callable.` }
    // Arguments the executor would refuse make the request as good as invalid: the table says why.
    const refused = rows.some((row) => row.state === 'missing' || row.state === 'error' || row.state === 'undeclared')
    return { status: refused ? 'invalid' : 'ready', routingName, rows }
  }

  async function run(request: ParsedRequest): Promise<void> {
    running.value = new Set(running.value).add(request.requestId)
    try {
      const result = await executeToolRequest(request, { registry: toolRegistryManager })
      results.value = { ...results.value, [request.requestId]: result }
    } finally {
      const next = new Set(running.value)
      next.delete(request.requestId)
      running.value = next
    }
  }

  async function runAll(): Promise<void> {
    flush()
    for (const request of result.value.requests) await run(request)
  }

  function loadSample(index: number): void {
    const sample = SAMPLE_REPLIES[index]
    if (!sample) return
    text.value = sample.text
    state.value.protocol = sample.protocol
    flush()
  }

  return { state, text, result, results, running, check, run, runAll, flush, loadSample, stale: computed(() => parsedText.value !== text.value) }
})

/** One row per parameter and per undeclared argument, as the executor will see them. */
function argumentRows(parameters: readonly MethodParameter[], given: Record<string, unknown>): ArgumentRow[] {
  const rows: ArgumentRow[] = []
  const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))
  for (const p of parameters) {
    const has = Object.prototype.hasOwnProperty.call(given, p.name) && given[p.name] !== undefined && given[p.name] !== null
    const expected = p.type === 'enum' ? `enum (${(p.enumValues ?? []).join(' | ')})` : p.type === 'array' && p.items ? `array of ${p.items.type}` : p.type
    if (!has) {
      rows.push({ name: p.name, given: undefined, expected, state: p.defaultValue !== undefined ? 'default' : p.required === false ? 'ok' : 'missing', coerced: p.defaultValue !== undefined ? JSON.stringify(p.defaultValue) : undefined })
      continue
    }
    const { args, problems } = coerceArguments([p], { [p.name]: given[p.name] })
    if (problems.length > 0) rows.push({ name: p.name, given: show(given[p.name]), expected, state: 'error', problem: problems.join('; ') })
    else rows.push({ name: p.name, given: show(given[p.name]), expected, state: 'ok', coerced: JSON.stringify(args[p.name]) })
  }
  for (const key of Object.keys(given)) {
    if (!parameters.some((p) => p.name === key)) rows.push({ name: key, given: show(given[key]), expected: '', state: 'undeclared' })
  }
  return rows
}
