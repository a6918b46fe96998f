/**
 * A finished tool round sent back (assistant `tool_calls`, then `tool` results) is accepted. Unlike
 * the other checks, a failed request is the finding here, but only when single-turn requests were
 * answered: an endpoint that answers nothing is down, not picky about tool messages.
 */
import type { CheckContext } from './context'
import { hasToolMessages } from './request-facts'
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
        if (status !== undefined && status >= 400) {
          if (!singleAnswered)
            return unsure(exchange, `it was refused (HTTP ${status}), but so was every single-turn request`)
          return failed(
            exchange,
            `refused while single-turn requests were answered: ${exchange.error ?? `HTTP ${status}`}`,
          )
        }
        if (exchange.error !== undefined) return unsure(exchange, `the request failed: ${exchange.error}`)
        if (view.unusable !== undefined) return unsure(exchange, `the reply cannot be read: ${view.unusable}`)
        return passed(exchange)
      })
  },
}
