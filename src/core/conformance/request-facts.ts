/** What an exchange's request asked for, read from the recorded body (a replayed capture has only that). */
import { isRecord } from '../own-record'
import type { WireExchange } from './types'
import { probeById } from './probes'

export function requestTools(exchange: WireExchange): readonly unknown[] {
  const tools = exchange.request.body.tools
  return Array.isArray(tools) ? tools : []
}

/** `tool_choice` as sent: 'auto' when absent and tools were sent. */
export function toolChoice(exchange: WireExchange): unknown {
  return exchange.request.body.tool_choice ?? (requestTools(exchange).length > 0 ? 'auto' : 'none')
}

/** The function a named `tool_choice` names, if it names one. */
export function namedChoice(exchange: WireExchange): string | undefined {
  const choice = toolChoice(exchange)
  const fn = isRecord(choice) && isRecord(choice.function) ? choice.function : undefined
  return typeof fn?.name === 'string' ? fn.name : undefined
}

/** Tools were offered and may be called: they are on, and a reply's calls are the server's to return. */
export function toolsOn(exchange: WireExchange): boolean {
  return requestTools(exchange).length > 0 && toolChoice(exchange) !== 'none'
}

/** The request carries a finished tool round (assistant tool_calls or a tool message). */
export function hasToolMessages(exchange: WireExchange): boolean {
  const messages = exchange.request.body.messages
  return (
    Array.isArray(messages) &&
    messages.some((m) => isRecord(m) && (m.role === 'tool' || (m.role === 'assistant' && Array.isArray(m.tool_calls))))
  )
}

export function asksUsage(exchange: WireExchange): boolean {
  const options = exchange.request.body.stream_options
  return isRecord(options) && options.include_usage === true
}

/** The user asked for several calls at once (the lab's `parallel` probe). */
export function asksParallel(exchange: WireExchange): boolean {
  return probeById(exchange.probe)?.asksParallel ?? false
}

/** The schema of the offered tool with this name, if one was offered. */
export function toolSchema(exchange: WireExchange, name: string): Record<string, unknown> | undefined {
  for (const tool of requestTools(exchange)) {
    const fn = isRecord(tool) && isRecord(tool.function) ? tool.function : undefined
    if (fn?.name === name) return isRecord(fn.parameters) ? fn.parameters : { type: 'object' }
  }
  return undefined
}
