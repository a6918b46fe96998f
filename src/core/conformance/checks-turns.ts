/**
 * A finished tool round sent back (assistant `tool_calls`, then `tool` results) is accepted. Unlike
 * the other checks, a failed request is the finding here, but only when single-turn requests were
 * answered: an endpoint that answers nothing is down, not picky about tool messages.
 */
import type { CheckContext } from './context'
import { hasToolMessages } from './request-facts'
import type { WireExchange } from './types'
import { failed, passed, unsure, type CheckDefinition, type Verdict } from './verdicts'

export const multiTurnCheck: CheckDefinition = {
  id: 'multi-turn/accepted',
  category: 'multi-turn',
  what: 'requests carrying assistant tool_calls and tool messages are answered',
  judge: (context: CheckContext): Verdict[] => {
    const singleAnswered = context.views.some(
      (view) => !hasToolMessages(view.exchange) && view.exchange.error === undefined && view.exchange.status === 200,
    )
    return context.views
      .filter((view) => hasToolMessages(view.exchange))
      .map((view) => {
        const { exchange } = view
        const status = exchange.status
        // A refusal comes as an HTTP error, or as a 200 whose body is the server's `error` object.
        const refusal = status !== undefined && status >= 400 ? `HTTP ${status}` : errorAnswer(exchange)
        if (refusal !== undefined) {
          if (!singleAnswered)
            return unsure(exchange, `it was refused (${refusal}), but so was every single-turn request`)
          return failed(exchange, `refused while single-turn requests were answered: ${exchange.error ?? refusal}`)
        }
        if (exchange.error !== undefined) return unsure(exchange, `the request failed: ${exchange.error}`)
        if (view.unusable !== undefined) return unsure(exchange, `the reply cannot be read: ${view.unusable}`)
        return passed(exchange)
      })
  },
}

/**
 * The server's own error, when a 200 answer is one and nothing else: a body (or a streamed event)
 * that is a JSON object with `error` and no `choices`. Undefined for an answer.
 */
function errorAnswer(exchange: WireExchange): string | undefined {
  const texts = exchange.mode === 'whole' ? [exchange.body ?? ''] : exchange.chunks
  for (const text of texts) {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      continue
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
    const { error, choices } = value as { error?: unknown; choices?: unknown }
    if (error === undefined || error === null || choices !== undefined) continue
    const message = typeof error === 'object' ? (error as { message?: unknown }).message : error
    return `a 200 answer holding the error ${JSON.stringify(typeof message === 'string' ? message : error).slice(0, 160)}`
  }
  return undefined
}
