/** A report as the CLI and the report card read it: counts by category, and plain JSON. */
import { redactHeaders } from '../chat/raw-exchange'
import {
  CHECK_CATEGORIES,
  type CheckCategory,
  type CheckResult,
  type CheckStatus,
  type ConformanceReport,
  type Evidence,
  type WireExchange,
  type WireMode,
} from './types'

export { reportToMarkdown } from './report-markdown'

export interface CategorySummary {
  /** fail when any of its checks fails, else pass when any passes, else inconclusive. */
  status: CheckStatus
  pass: number
  fail: number
  inconclusive: number
  flaky: number
}

export interface ReportSummary {
  pass: number
  fail: number
  inconclusive: number
  flaky: number
  byCategory: Record<CheckCategory, CategorySummary>
  /** Every exchange failed without any HTTP answer: the server is down or refused the connection. */
  unreachable: boolean
  /** Exchanges that failed (an HTTP error, a timeout, a body that is not JSON...). */
  errors: number
}

export interface ReportJson {
  endpoint: { baseUrl: string; model: string }
  startedAt: string
  durationMs: number
  repeat: number
  summary: { pass: number; fail: number; inconclusive: number }
  checks: {
    id: string
    category: CheckCategory
    status: CheckStatus
    detail: string
    flaky: boolean
    evidence: Evidence[]
  }[]
  errors: { probe: string; mode: WireMode; attempt: number; error: string }[]
  /** Set when the run was stopped before it finished. */
  aborted?: boolean
  exchanges?: WireExchange[]
}

export function summarize(report: ConformanceReport): ReportSummary {
  const byCategory = {} as Record<CheckCategory, CategorySummary>
  for (const category of CHECK_CATEGORIES)
    byCategory[category] = { status: 'inconclusive', pass: 0, fail: 0, inconclusive: 0, flaky: 0 }
  const total = { pass: 0, fail: 0, inconclusive: 0, flaky: 0 }
  for (const check of report.checks) {
    const category = byCategory[check.category]
    if (!category) continue
    category[check.status]++
    total[check.status]++
    if (check.flaky) {
      category.flaky++
      total.flaky++
    }
  }
  for (const category of Object.values(byCategory))
    category.status = category.fail > 0 ? 'fail' : category.pass > 0 ? 'pass' : 'inconclusive'
  const failed = report.exchanges.filter((exchange) => exchange.error !== undefined)
  return {
    ...total,
    byCategory,
    unreachable:
      report.exchanges.length > 0 && report.exchanges.every((e) => e.error !== undefined && e.status === undefined),
    errors: failed.length,
  }
}

export function reportToJson(report: ConformanceReport, options: { exchanges?: boolean } = {}): ReportJson {
  const { pass, fail, inconclusive } = summarize(report)
  const json: ReportJson = {
    endpoint: { baseUrl: report.endpoint.baseUrl, model: report.endpoint.model },
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    repeat: report.repeat,
    summary: { pass, fail, inconclusive },
    checks: report.checks.map((check: CheckResult) => ({
      id: check.id,
      category: check.category,
      status: check.status,
      detail: check.detail,
      flaky: check.flaky,
      evidence: check.evidence.map((evidence) => ({ ...evidence, chunks: [...evidence.chunks] })),
    })),
    errors: report.exchanges
      .filter((exchange) => exchange.error !== undefined)
      .map(({ probe, mode, attempt, error }) => ({ probe, mode, attempt, error: error as string })),
  }
  if (report.aborted) json.aborted = true
  // A capture from elsewhere may still hold credentials in its headers.
  if (options.exchanges)
    json.exchanges = report.exchanges.map((exchange) => ({
      ...exchange,
      request: { ...exchange.request, headers: redactHeaders(exchange.request.headers) },
    }))
  return json
}
