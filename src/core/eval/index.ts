/**
 * The eval lab: suites of tool-calling cases (BFCL's files, OpenAI-style chat lines, saved
 * replies), BFCL's AST checker, the offline lane (replies already captured) and the live lane
 * (endpoints x protocols x repeats), metrics kept apart, and run comparison.
 */
export type {
  CaseOutcome,
  CheckVerdict,
  DecodedCall,
  EvalCase,
  EvalCategory,
  EvalFunction,
  EvalMessage,
  EvalParameterSchema,
  ExpectedCall,
  FormatCompliance,
} from './types'
export { EVAL_CATEGORIES } from './types'
export { checkCalls, standardizeString } from './checker'
export { readJsonLines, splitJsonLines, type JsonLine, type TextChunks } from './jsonl'
export { readSuite, suiteFormatOf, type ReadSuiteOptions, type SuiteFormat } from './suite'
export { readBfclSuite, caseToBfclLines, type SuiteEntry, type SuiteCase, type SuiteError } from './suite-bfcl'
export { readOpenAiSuite } from './suite-openai'
export { caseFromCalls, functionsFromTools } from './case-from-reply'
export { evalToolset, modelFacingName, type EvalToolset } from './functions'
export { decodeNative, decodeResult, decodeText, type DecodedReply, type DecodeOptions } from './decode'
export { scoreReply, callName, type ReplyInput } from './score'
export { typedByFunction, typedText } from './typed-values'
export { scoreResultLines, type OfflineItem } from './offline'
export {
  caseKey,
  NO_CALL,
  passAtKEstimate,
  summarize,
  type ConfusionMatrix,
  type EvalSummary,
  type StabilitySummary,
  type Tally,
} from './metrics'
export { compareRuns, type CaseChange, type ComparedCase, type RunComparison } from './compare'
export {
  completionRequest,
  EVAL_PROTOCOLS,
  LIVE_PROTOCOLS,
  jobKey,
  outcomeKey,
  runLiveEval,
  type EvalProtocol,
  type LiveProgress,
  type LiveRunOptions,
  type LiveTarget,
} from './live'
export { isRetryable, type RetryOptions } from './live-pool'
export { createRawCompletionClient, renderPrompt, type RawTemplate } from './raw-completion'
