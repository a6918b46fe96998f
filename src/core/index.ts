/**
 * The public core API. Every export is a decision: add here only what callers need.
 */
export type {
  ArgumentProblem,
  BatchItem,
  CallProgress,
  Diagnostic,
  DiagnosticSeverity,
  MethodMetadata,
  MethodParameter,
  ParameterType,
  ParsedField,
  ParsedRequest,
  ParseResult,
  DetectedFormatSummary,
  ResultImage,
  SchemaCut,
  ToolCallConfig,
  ToolCallCycleResult,
  ToolDefinitionInput,
  ToolExecutionResult,
  ToolExecutionStatus,
  ToolPolicyAnswer,
  ToolAnnotations,
  ToolRegistry,
} from './types'
export { DEFAULT_TOOL_CALL_CONFIG } from './types'
export type {
  FormatResultsOptions,
  ParseOptions,
  StreamEvent,
  StreamParser,
  ToolCallingProtocol,
} from './protocols/protocol'
export { createProtocolRegistry, protocolRegistry, type ProtocolRegistry } from './protocols/registry'
export { createStreamParser, parseToolRequests } from './parser'
export { listFormats, type FormatInfo } from './protocols/formats-catalog'
export {
  chineseMessages,
  englishMessages,
  messageIn,
  renderMessage,
  templatePlaceholders,
  type Localizable,
  type MessageId,
  type MessageParam,
  type MessageParams,
  type MessageRef,
  type MessageTable,
} from './messages'
export { formatsForModel, MODEL_TABLE, type ModelRow } from './protocols/native/models'
export type {
  NativeFormat,
  FoundCall,
  FormatFinding,
  FormatProblem,
  FormatContext,
  RenderableCall,
  ServerFlags,
} from './protocols/native/format'
export { createRequestIdSession, type RequestIdSession } from './request-ids'
export { splitBatch } from './batch'
export {
  applyEdits,
  editsFit,
  readingHints,
  suggestFixes,
  type ReadingHint,
  type ReadingHintKind,
  type SuggestedFix,
  type SuggestFixesOptions,
  type TextEdit,
} from './fixes'
export { routingName } from './routing-name'
export { vcpProtocol } from './protocols/vcp'
export { renderVcpRequest, type RenderRequestInput } from './protocols/vcp/render'
export { parseVcpResults, type ParsedToolResult } from './protocols/vcp/results'
export {
  createToolRegistryManager,
  toolRegistryManager,
  type RegistryChange,
  type RegistryListener,
  type ToolRegistryManager,
} from './tools/registry-manager'
export {
  DEFAULT_TIMEOUT_MS,
  directRequest,
  executeToolRequest,
  executeToolRequests,
  ToolTimeoutError,
  type ApprovalDecision,
  type Approver,
  type ResultReviewer,
  type ExecuteOptions,
  type PendingCall,
  type ToolCallContext,
} from './execution/executor'
export {
  checkArguments,
  type ArgumentCheck,
  type ArgumentState,
  type Arguments,
  type CheckedArguments,
} from './execution/arguments'
export {
  planCall,
  planDiagnostics,
  RUNNABLE_VERDICTS,
  type CallPlan,
  type CallVerdict,
  type PlannedCall,
  type PlanOptions,
} from './execution/plan'
export { resolveRoute, type RouteResult, type RouteTarget } from './execution/routing-table'
export {
  agentCallable,
  createPromptCache,
  createToolDiscoveryService,
  isMethodEnabled,
  isToolEnabled,
  methodDefinition,
  modelFacingMethod,
  toolsPromptCache,
  type DiscoveredTool,
  type GeneratePromptOptions,
  type MethodFilter,
  type PromptCache,
  type ToolDiscoveryService,
} from './discovery'
export { formatResultsForContext, processToolCallCycle, type CycleOptions, type CycleResult } from './engine'
export { jsonBlockProtocol } from './protocols/json/json-block'
export { xmlProtocol } from './protocols/json/xml-tag'
export { hermesProtocol } from './protocols/json/hermes'
export { parseLenientJson, type JsonRepair, type LenientJsonResult } from './protocols/json/lenient-json'
export { stringArguments } from './protocols/json/calls'
export { typedExampleArguments } from './protocols/json/paradigm'
export { convertRequest, type ConvertedRequest, type ConvertibleCall } from './protocols/convert'
export { methodArgumentsSchema, parameterSchema, type JsonSchema } from './schema'
export type {
  ChatMessage,
  ChatRole,
  Completion,
  ContentCallsNote,
  CompletionCallbacks,
  CompletionRequest,
  ModelClient,
  NativeToolCall,
  NativeToolDefinition,
  RoundRecord,
  RunRecord,
  RunStatus,
  TokenUsage,
} from './chat/types'
export { ChatRequestError, type ChatErrorKind } from './chat/errors'
export {
  createOpenAIClient,
  DEFAULT_IDLE_TIMEOUT_MS,
  listModels,
  redactSecret,
  type EndpointSettings,
  type ModelList,
} from './chat/openai-client'
export {
  capturingClient,
  createExchangeCapture,
  RAW_EXCHANGE_LIMIT_BYTES,
  redactHeaders,
  type RawExchange,
} from './chat/raw-exchange'
export {
  findContentToolCalls,
  serverFlagsHint,
  type ContentCallFormat,
  type ContentCallHints,
  type ContentToolCalls,
} from './chat/content-calls'
export { nativeNameMap, nativeToolDefinitions, toolResultMessage } from './chat/native'
export { buildSystemPrompt, isFinalAnswerInstruction } from './chat/system-prompt'
export { createManualClient } from './chat/manual-client'
export {
  createToolSession,
  type ExecuteHooks,
  type ToolSession,
  type ToolSessionOptions,
  type ToolSettings,
  type ToolsPrompt,
} from './session/tool-session'
export { runToolLoop, type ToolLoopCallbacks, type ToolLoopOptions, type ToolLoopResult } from './chat/tool-loop'
export { createApprovalGate, type ApprovalGate, type ApprovalGateOptions } from './chat/approvals'
export {
  approvalRule,
  type ApprovalPolicy,
  type ApprovalRule,
  type ApprovalSettings,
  type ApprovalSource,
  type ResultPolicy,
} from './execution/approval-rules'
export {
  createChatRun,
  type ChatRun,
  type ChatRunOptions,
  type ChatRunResult,
  type ChatRunStart,
  type ChatRunState,
  type PendingApproval,
} from './chat/chat-run'
export { type FrameScheduler } from './chat/frame-batch'
export {
  roundView,
  segments,
  type LiveRequestState,
  type ContentCallsView,
  type LiveRequest,
  type RoundView,
  type Segment,
} from './chat/live-round'
export { conversationHistory, toolCallResultMessage, type ChatTurn } from './chat/history'
export {
  createVariableStore,
  DEFAULT_VARIABLE_CAPACITY,
  readSavedVariables,
  type RemoveOutcome,
  type Variable,
  type VariableFilter,
  type VariableStore,
  type VariableType,
} from './results/variables'
export {
  MAX_REFERENCES,
  resolveVarRefs,
  resolveVarRefsInText,
  VariableReferenceError,
  type ResolveBudget,
} from './results/refs'
export { DEFAULT_OUTPUT_LIMIT, type ToolOutputOptions } from './results/output'
export { createVariableTools } from './results/var-tools'
export {
  buildToolRules,
  emptyGroupState,
  isGroupEnabled,
  isToolOn,
  type GroupState,
  type SkillRule,
  type ToolGroup,
} from './groups'
export { compactTranscript } from './chat/compact'
