/**
 * MCP servers as tool sources. Kept apart from the core's index so that the MCP SDK is loaded only
 * by those who use it.
 */
export {
  parseMcpConfig,
  readMcpConfig,
  redactMcpServer,
  writeMcpConfig,
  REDACTED,
  type McpConfigReading,
  type McpHttpServer,
  type McpServerConfig,
  type McpStdioServer,
} from './config'
export {
  createMcpToolSource,
  LOG_SIZE,
  type McpLogEntry,
  type McpNotification,
  type McpServerInfo,
  type McpSourceOptions,
  type McpStatus,
  type McpToolSource,
} from './source'
export { httpTransport } from './http'
export { mcpResultText, type McpResultText } from './content'
export { schemaIsOpen, schemaParameters } from './schema-parameters'
export { connectMcpServers, type ConnectedMcpServers } from './connect'
export {
  answerServerRequests,
  clientCapabilities,
  type McpClientHandlers,
  type McpRequestContext,
  type McpRoot,
  type McpSamplingRequest,
} from './client-features'
export {
  connectedClient,
  listServerOffer,
  type McpPromptArgument,
  type McpPromptInfo,
  type McpRequestOptions,
  type McpResourceInfo,
  type McpServerOffer,
  type McpTemplateInfo,
} from './server-offer'
export {
  getPrompt,
  promptAsText,
  readResource,
  resourceAsText,
  resourceContent,
  subscribeResource,
  unsubscribeResource,
  type McpPromptMessage,
  type McpPromptPart,
  type McpPromptResult,
  type McpResourceContent,
} from './server-reads'
export { expandTemplate, templateVariables } from './uri-template'
