/**
 * Text calling: the tools are described in the system prompt in the config's protocol, the reply
 * is read by that protocol's streaming parser as it arrives (so cards show at once), and the
 * results go back as one user message in the same protocol.
 */
import type { StreamEvent } from '../../protocols/protocol'
import type { ToolSession } from '../../session/tool-session'
import type { CallingMode, ReplyCalls } from './calling'

export function createTextCalling(
  session: ToolSession,
  options: { agentId?: string; onStreamEvents?(events: StreamEvent[], round: number): void },
): CallingMode {
  const toolsPrompt = session.toolsPrompt({ calling: 'text', agentId: options.agentId }).text
  return {
    kind: 'text',
    toolsPrompt,
    resultProtocol: session.config.protocol,
    startRound(index) {
      const parser = session.config.enabled ? session.createStreamParser() : null
      let fed = 0
      const feed = (delta: string): void => {
        if (!parser || !delta) return
        fed += delta.length
        const events = parser.feed(delta)
        if (events.length > 0) options.onStreamEvents?.(events, index)
      }
      return {
        onDelta: feed,
        async read(reply): Promise<ReplyCalls> {
          // A client that does not stream (a person typing the reply) hands over the text at the end.
          feed(reply.content.slice(fed))
          const parsed = parser?.end()
          return {
            requests: parsed?.requests ?? [],
            diagnostics: parsed?.diagnostics ?? [],
            calls: reply.toolCalls.map((call) => ({ ...call, function: { ...call.function } })),
            said: reply.content,
            rejected: new Map(),
            resultMessages: (results) => [{ role: 'user', content: session.formatResults([...results]) }],
          }
        },
        readPartial(round) {
          if (!parser) return []
          const parsed = parser.end()
          round.diagnostics = parsed.diagnostics
          return parsed.requests
        },
      }
    },
  }
}
