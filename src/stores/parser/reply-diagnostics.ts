/**
 * One list of what is wrong with a reply: the parser's diagnostics and the plans' (argument
 * problems, placed on their values).
 */
import { planDiagnostics, type CallPlan, type Diagnostic, type ParseResult } from '../../core'

/**
 * The diagnostics of `result` and of `plans` over `text`, in text order. When a plan says a tool is
 * unknown (with the closest routing names), the parser's hint check saying the same is left out.
 */
export function replyDiagnostics(result: ParseResult, plans: readonly CallPlan[], text: string): Diagnostic[] {
  const found = plans.flatMap((plan) => planDiagnostics(plan, text))
  if (found.length === 0) return result.diagnostics
  const parsed = found.some((d) => d.code === 'unknown-tool')
    ? result.diagnostics.filter((d) => d.code !== 'unknown-tool-name')
    : result.diagnostics
  return [...parsed, ...found].sort((a, b) => a.offset - b.offset)
}
