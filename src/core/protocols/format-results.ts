/** Tool results written in a protocol's own format, to go back to the model. */
import type { ToolExecutionResult } from '../types'
import type { FormatResultsOptions } from './protocol'
import { protocolRegistry, type ProtocolRegistry } from './registry'

/** Results in the protocol's own format, ready to append to the conversation. Throws for an unknown protocol, naming the known ones. */
export function formatResultsForContext(
  results: ToolExecutionResult[],
  protocolId = 'vcp',
  options?: FormatResultsOptions & { protocols?: ProtocolRegistry },
): string {
  const protocols = options?.protocols ?? protocolRegistry
  const protocol = protocols.get(protocolId)
  if (!protocol)
    throw new Error(
      `Unknown protocol "${protocolId}". Registered protocols: ${protocols
        .list()
        .map((p) => p.id)
        .join(', ')}.`,
    )
  return protocol.formatToolResults(results, options)
}
