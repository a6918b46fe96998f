import type { ParseResult } from '../../../../src/core'

/** What a fixture's .expected.json holds: the calls, and each diagnostic as one readable line. */
export function summarise(result: ParseResult) {
  return {
    requests: result.requests.map((r) => ({
      requestId: r.requestId,
      toolName: r.toolName,
      arguments: r.arguments ?? null,
      valid: r.valid,
      fenced: r.fenced,
    })),
    diagnostics: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`),
  }
}
