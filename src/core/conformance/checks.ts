/**
 * Every check, in the report's fixed order, read from a set of exchanges. Pure: the same exchanges
 * give the same results, so a saved capture can be checked again with no network.
 */
import {
  agreementCheck,
  idsPresentCheck,
  idsStableCheck,
  idsTypeCheck,
  indexDistinctCheck,
  indexStableCheck,
} from './checks-stream'
import { argumentsObjectCheck, argumentsSchemaCheck, argumentsStringCheck, finishReasonCheck } from './checks-calls'
import { namedCheck, noneCheck, parallelOffCheck, requiredCheck } from './checks-choice'
import { leakedMarkupCheck, reasoningDoubledCheck, reasoningLostCheck } from './checks-text'
import { doneCheck, jsonShapeCheck, nameOnceCheck, typesCheck, usageCheck } from './checks-wire'
import { multiTurnCheck } from './checks-turns'
import { createCheckContext } from './context'
import { resultOf, unjudgedResult, type CheckDefinition } from './verdicts'
import type { CheckCategory, CheckResult, ConformanceReport, WireExchange } from './types'

/** The checks, in report order (grouped by category, categories in CHECK_CATEGORIES order). */
export const CHECKS: readonly CheckDefinition[] = [
  agreementCheck,
  indexStableCheck,
  indexDistinctCheck,
  idsPresentCheck,
  idsStableCheck,
  idsTypeCheck,
  finishReasonCheck,
  argumentsStringCheck,
  argumentsObjectCheck,
  argumentsSchemaCheck,
  requiredCheck,
  noneCheck,
  namedCheck,
  parallelOffCheck,
  leakedMarkupCheck,
  reasoningLostCheck,
  reasoningDoubledCheck,
  jsonShapeCheck,
  nameOnceCheck,
  typesCheck,
  usageCheck,
  doneCheck,
  multiTurnCheck,
]

/** What each check holds a server to, in report order: for a report card before any run. */
export const CONFORMANCE_CHECKS: readonly { id: string; category: CheckCategory; description: string }[] = CHECKS.map(
  (check) => ({ id: check.id, category: check.category, description: check.what }),
)

/** Every check's result, each id once, in CHECKS order. Never throws on what a server sent. */
export function checkExchanges(exchanges: readonly WireExchange[]): CheckResult[] {
  const context = createCheckContext(exchanges)
  return CHECKS.map((check) => {
    try {
      return resultOf(check, check.judge(context))
    } catch (error) {
      // A capture can hold anything (JSON nested past the stack, say): this check says so, the others still run.
      return unjudgedResult(check, error)
    }
  })
}

/** A report from exchanges alone (a replayed capture): the checks read again, the run's facts as given. */
export function reportFromExchanges(
  endpoint: { baseUrl: string; model: string },
  exchanges: readonly WireExchange[],
  meta: { startedAt?: string; durationMs?: number; repeat?: number } = {},
): ConformanceReport {
  return {
    endpoint: { baseUrl: endpoint.baseUrl, model: endpoint.model },
    startedAt: meta.startedAt ?? new Date().toISOString(),
    durationMs: meta.durationMs ?? exchanges.reduce((sum, exchange) => sum + exchange.durationMs, 0),
    repeat: meta.repeat ?? exchanges.reduce((most, exchange) => Math.max(most, exchange.attempt + 1), 0),
    checks: checkExchanges(exchanges),
    exchanges: [...exchanges],
  }
}
