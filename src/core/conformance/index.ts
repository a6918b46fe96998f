/**
 * The server conformance lab: probes an OpenAI-compatible `/v1/chat/completions` server and tells,
 * with the wire as evidence, where it breaks the tool-calling contract.
 */
export * from './types'
export { CONFORMANCE_TOOLS, type ConformanceTool } from './suite-tools'
export { PROBES, type Probe } from './probes'
export { runConformance, type ConformanceOptions, type ConformanceProgress } from './run'
export { CONFORMANCE_CHECKS, checkExchanges, reportFromExchanges } from './checks'
export { exchangesToJsonl, exchangesFromJsonl } from './capture'
export {
  reportToJson,
  reportToMarkdown,
  summarize,
  type CategorySummary,
  type ReportSummary,
  type ReportJson,
} from './report'
export { compareReports, type ComparisonRow } from './compare'
