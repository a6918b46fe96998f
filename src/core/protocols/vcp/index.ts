import type { ToolCallingProtocol } from '../protocol'
import { generateVcpToolDefinitions } from './definitions'
import { createVcpStreamParser, parseVcpRequests } from './parse'
import { formatVcpResults } from './results'

/** VCP: `<<<[TOOL_REQUEST]>>>` blocks with `key:「始」value「末」` fields. */
export const vcpProtocol: ToolCallingProtocol = {
  id: 'vcp',
  label: 'VCP',
  generateToolDefinitions: generateVcpToolDefinitions,
  parseToolRequests: parseVcpRequests,
  createStreamParser: (options) => createVcpStreamParser(options),
  formatToolResults: formatVcpResults,
}
