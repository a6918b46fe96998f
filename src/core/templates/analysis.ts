/**
 * What a chat template shows about its model, found by rendering it: the tool-call format the
 * model writes, whether calls survive the trip through template and format, and findings a person
 * should know. The render module's `index.ts` re-exports this.
 */
export { inferTemplateFormat } from './infer'
export type { FormatInference, FormatReading, InferOptions, ProbeVariant, VariantEvidence } from './infer'
export { roundTrip } from './round-trip'
export type { RoundTrip, RoundTripOptions } from './round-trip'
export { FINDING_IDS, templateFindings } from './findings'
export type { Finding, FindingId, FindingSeverity, FindingsOptions, Highlight } from './findings'
export type { TemplateCall } from './calls'
export type { ArgumentsAs } from './probe'
export type { ProbeOptions } from './probe-render'
