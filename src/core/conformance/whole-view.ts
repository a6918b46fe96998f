/** A non-streamed reply read from its body: `choices[0].message` and `finish_reason`. */
import { isRecord } from '../own-record'
import { clientViewText, emptyView, exchangeTrouble, newCall, type CallView, type ReplyView } from './reply'
import type { WireExchange } from './types'

export function wholeView(exchange: WireExchange): ReplyView {
  const trouble = exchangeTrouble(exchange)
  if (trouble !== undefined) return emptyView(exchange, [], trouble)
  let body: unknown
  try {
    body = JSON.parse(exchange.body ?? '')
  } catch {
    return emptyView(exchange, [], 'the body is not JSON')
  }
  const choice = isRecord(body) && Array.isArray(body.choices) ? (body.choices[0] as unknown) : undefined
  const message = isRecord(choice) ? choice.message : undefined
  if (!isRecord(choice) || !isRecord(message))
    return emptyView(exchange, [], 'the body has no choices[0].message (see wire-shape/json)')
  const view = emptyView(exchange, [])
  if (typeof message.content === 'string') view.content = message.content
  for (const field of ['reasoning_content', 'reasoning'] as const) {
    const text = message[field]
    if (typeof text === 'string') view.reasoning += text
  }
  if (Array.isArray(message.tool_calls)) view.calls = message.tool_calls.map(wholeCall)
  if (choice.finish_reason !== undefined && choice.finish_reason !== null) view.finishReason = choice.finish_reason
  view.clientView = clientViewText(
    typeof message.content === 'string' ? message.content : null,
    Array.isArray(message.tool_calls) ? message.tool_calls : [],
    choice.finish_reason,
  )
  return view
}

function wholeCall(entry: unknown): CallView {
  const call = newCall()
  if (!isRecord(entry)) return call
  if (typeof entry.id === 'string' && entry.id !== '') call.id = entry.id
  call.type = entry.type
  const fn = isRecord(entry.function) ? entry.function : undefined
  if (typeof fn?.name === 'string') call.name = fn.name
  const args = fn?.arguments
  if (typeof args === 'string') call.argsText = args
  else if (args !== undefined) {
    call.argsNotString = true
    if (args !== null) call.argsValue = args
  }
  return call
}
