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
export { listFormats, TEXT_PROTOCOL_FAMILY, type FormatInfo } from './protocols/formats-catalog'
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
export { routingName } from './routing-name'
export { vcpProtocol } from './protocols/vcp'
export {
  encodeValue,
  isValidVcpKey,
  renderVcpRequest,
  type EncodedValue,
  type RenderRequestInput,
} from './protocols/vcp/render'
export { exampleArguments } from './protocols/vcp/definitions'
export { requestFields } from './protocols/vcp/fields'
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
  coerceArguments,
  expectedType,
  REFUSED_ARGUMENT_STATES,
  type ArgumentCheck,
  type ArgumentState,
  type Arguments,
  type CheckedArguments,
  type CoercedArguments,
} from './execution/arguments'
export {
  CONFIRM_EVERY_CALL,
  consultPolicies,
  consultPolicy,
  modelArguments,
  planCall,
  planDiagnostics,
  planToolCall,
  RUNNABLE_VERDICTS,
  runnableTarget,
  type CallPlan,
  type CallVerdict,
  type PlannedCall,
  type PlanOptions,
} from './execution/plan'
export { argumentSpans, type TextSpan } from './execution/spans'
export { resolveRoute, type RouteResult, type RouteTarget } from './execution/routing-table'
export {
  agentCallable,
  createPromptCache,
  createToolDiscoveryService,
  enabledTools,
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
  createCompletionAccumulator,
  createOpenAIClient,
  DEFAULT_IDLE_TIMEOUT_MS,
  endpointUrl,
  listModels,
  redactSecret,
  type EndpointSettings,
  type ModelList,
} from './chat/openai-client'
export {
  findContentToolCalls,
  serverFlagsHint,
  type ContentCallFormat,
  type ContentCallHints,
  type ContentToolCalls,
} from './chat/content-calls'
export {
  nativeFunctionName,
  nativeNameMap,
  nativeToolDefinitions,
  resolveNativeCall,
  toolResultMessage,
  type NativeCallResolution,
} from './chat/native'
export { buildSystemPrompt, finalAnswerInstruction, isFinalAnswerInstruction, localDate } from './chat/system-prompt'
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
export {
  approvalKey,
  createApprovalGate,
  type ApprovalGate,
  type ApprovalGateOptions,
  type ApprovalPolicy,
} from './chat/approvals'
export {
  createChatRun,
  type ChatRun,
  type ChatRunOptions,
  type ChatRunResult,
  type ChatRunStart,
  type ChatRunState,
  type PendingApproval,
  type ResultPolicy,
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
  argsVariableName,
  createVariableStore,
  DEFAULT_VARIABLE_CAPACITY,
  readSavedVariables,
  resultVariableName,
  type RemoveOutcome,
  type Variable,
  type VariableFilter,
  type VariableStore,
  type VariableType,
} from './results/variables'
export {
  hasVarRefs,
  MAX_REFERENCES,
  MAX_RESOLVED_CHARACTERS,
  resolveVarRefs,
  resolveVarRefsInText,
  VariableReferenceError,
  type ResolveBudget,
} from './results/refs'
export {
  cutHint,
  DEFAULT_OUTPUT_LIMIT,
  LIMIT_PARAMETER,
  outputLimit,
  prepareOutput,
  type OutputCut,
  type PreparedOutput,
  type ReadOnTarget,
  type ToolOutputOptions,
} from './results/output'
export { READ_VAR_TOOL, readOnRequest } from './results/read-on'
export { createVariableTools } from './results/var-tools'
export {
  applyGroupState,
  BASE_RULES,
  buildToolRules,
  emptyGroupState,
  isGroupEnabled,
  isToolOn,
  ruleVariableName,
  RULE_VARIABLE_PREFIX,
  type GroupState,
  type SkillRule,
  type ToolGroup,
} from './groups'
export { compactTranscript, contextHint, RESULT_PREVIEW_CHARS, runVariables, toolExecutionLog } from './chat/compact'
