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
export {
  sampleWithModel,
  samplingResult,
  samplingSettings,
  SamplingRefusal,
  userRefusal,
  USER_REFUSED_MESSAGE,
  type SamplingModelOptions,
  type SamplingRefusalKind,
} from './sampling-answer'
export {
  DEFAULT_SAMPLING_MAX_TOKENS,
  SAMPLING_TEMPERATURE_RANGE,
  samplingLimits,
  type SamplingLimits,
} from './sampling-limits'
export {
  contentBlocks,
  invisibleInRequest,
  messageText,
  samplingConversation,
  samplingText,
  withMessageText,
  type SamplingConversation,
  type SamplingWireMessage,
  type SamplingWirePart,
} from './sampling-messages'
export {
  createMcpOAuthProvider,
  type McpOAuthProvider,
  type McpOAuthProviderOptions,
  type McpSignInPhase,
  type McpSignInStatus,
} from './oauth-provider'
export { memoryOAuthStorage, oauthStorageKey, type McpOAuthStorage } from './oauth-storage'
export { readOAuthRecord, writeOAuthRecord, type McpOAuthReading, type McpOAuthRecord } from './oauth-record'
export {
  finishMcpSignIn,
  readSignInCallback,
  startMcpSignIn,
  type McpSignInCallback,
  type McpSignInResult,
} from './oauth-flow'
export { keepSignInFresh, renewalLeadMs, type SignInFreshOptions } from './oauth-renewal'
export { revokeMcpSignIn, type McpSignOutResult } from './oauth-revoke'
export {
  MCP_LOG_LEVELS,
  NOTIFICATION_KINDS,
  classifyNotification,
  isMcpLogLevel,
  levelRank,
  type McpLogLevel,
  type NotificationEntry,
  type NotificationKind,
} from './notifications'
export {
  createNotificationClassifier,
  exportFileName,
  exportNotifications,
  filterNotifications,
  type ExportedNotification,
  type NotificationExportFormat,
  type NotificationFilter,
} from './notifications-view'
export { encodePathSegment, rootUri, rootsOfEntries, type RootEntry, type RootUriReading } from './roots'
export {
  MAX_ELICITATION_FIELDS,
  readElicitationForm,
  type ElicitationChoice,
  type ElicitationField,
  type ElicitationFieldKind,
  type ElicitationForm,
  type ElicitationFormat,
  type ElicitationNotice,
  type ElicitationNoticeCode,
} from './elicitation-form'
export {
  acceptResult,
  cancelResult,
  checkElicitationContent,
  contentFromForm,
  declineResult,
  elicitationAnswer,
  type ElicitationAnswer,
  type ElicitationProblem,
  type ElicitationProblemCode,
  type ElicitContent,
} from './elicitation-content'
export {
  ASK_REFUSAL_REASONS,
  AskRefused,
  createAskLimits,
  DEFAULT_ASK_LIMITS,
  type AskLimits,
  type AskLimitsOptions,
  type AskLimitValues,
  type AskRefusalReason,
} from './ask-limits'
