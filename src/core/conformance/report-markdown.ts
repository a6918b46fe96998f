/**
 * A report as Markdown, ready to paste into a server's issue tracker: the endpoint, a table per
 * category, then each failing check with its evidence quoted from the wire and what a client that
 * follows the spec made of it. Credentials in captured headers are redacted again here.
 */
import { redactHeaders } from '../chat/raw-exchange'
import { probeById } from './probes'
import { summarize } from './report'
import { CHECK_CATEGORIES, type CheckResult, type ConformanceReport, type Evidence, type WireExchange } from './types'

const MARK = { pass: '✅ pass', fail: '❌ fail', inconclusive: '➖ inconclusive' } as const
/** The most characters of one quoted chunk, and of a quoted body. */
const CHUNK_CHARS = 600
const BODY_CHARS = 2000

export function reportToMarkdown(report: ConformanceReport): string {
  const summary = summarize(report)
  const out: string[] = [
    `## OpenAI tool-calling conformance: \`${code(report.endpoint.model)}\``,
    '',
    `- Endpoint: \`${code(report.endpoint.baseUrl)}\` (POST /chat/completions)`,
    `- Model: \`${code(report.endpoint.model)}\``,
    `- Run: ${report.startedAt}, ${report.exchanges.length} requests (each probe streamed and not, ${report.repeat}×), ${Math.round(report.durationMs / 100) / 10} s${report.aborted ? ', stopped before the end' : ''}`,
    `- Result: **${summary.fail} fail**, ${summary.pass} pass, ${summary.inconclusive} inconclusive${summary.flaky > 0 ? ` (${summary.flaky} flaky)` : ''}${summary.errors > 0 ? `; ${summary.errors} requests failed` : ''}`,
    '',
  ]
  for (const category of CHECK_CATEGORIES) {
    const checks = report.checks.filter((check) => check.category === category)
    if (checks.length === 0) continue
    out.push(
      `### ${category}: ${MARK[summary.byCategory[category].status]}`,
      '',
      '| Check | Status | Detail |',
      '|---|---|---|',
    )
    for (const check of checks)
      out.push(`| \`${check.id}\` | ${MARK[check.status]}${check.flaky ? ' (flaky)' : ''} | ${cell(check.detail)} |`)
    out.push('')
  }
  const failures = report.checks.filter((check) => check.status === 'fail')
  if (failures.length > 0) {
    out.push('## Failures', '')
    for (const check of failures) out.push(...failureSection(check, report.exchanges))
  }
  const errors = report.exchanges.filter((exchange) => exchange.error !== undefined)
  if (errors.length > 0) {
    out.push(`## Requests that failed (${errors.length})`, '')
    for (const exchange of errors) out.push(`- ${label(exchange)}: ${oneLine(exchange.error as string)}`)
    out.push('')
  }
  return out.join('\n')
}

function failureSection(check: CheckResult, exchanges: readonly WireExchange[]): string[] {
  const out = [`### \`${check.id}\`${check.flaky ? ' (flaky)' : ''}`, '', check.detail, '']
  for (const evidence of check.evidence) {
    const exchange = exchanges.find(
      (e) => e.probe === evidence.probe && e.mode === evidence.mode && e.attempt === evidence.attempt,
    )
    out.push(`**${label(evidence)}**: ${evidence.note}`, '')
    const probe = probeById(evidence.probe)
    if (probe) out.push(`Probe: ${probe.description}`, '')
    if (exchange) out.push(...wireQuote(exchange, evidence))
    if (evidence.clientView)
      out.push('What a client following the spec assembles:', '', ...fenced(evidence.clientView, 'json'))
    if (exchange) out.push(...requestDetails(exchange))
  }
  return out
}

/** The evidence chunks as they came (`data: …`), or the body of a whole answer. */
function wireQuote(exchange: WireExchange, evidence: Evidence): string[] {
  if (exchange.mode === 'stream' && evidence.chunks.length > 0) {
    const lines = evidence.chunks
      .filter((index) => index >= 0 && index < exchange.chunks.length)
      .map((index) => `[event ${index}] data: ${clip(exchange.chunks[index] as string, CHUNK_CHARS)}`)
    return ['The events on the wire:', '', ...fenced(lines.join('\n'), 'text')]
  }
  if (exchange.body !== undefined && exchange.body !== '')
    return ['The body on the wire:', '', ...fenced(clip(exchange.body, BODY_CHARS), 'json')]
  return []
}

function requestDetails(exchange: WireExchange): string[] {
  const headers = Object.entries(redactHeaders(exchange.request.headers))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
  const text = `POST ${exchange.request.url}\n${headers}\n\n${JSON.stringify(exchange.request.body, null, 2)}`
  return ['<details><summary>The request</summary>', '', ...fenced(text, 'http'), '</details>', '']
}

/** A code block whose fence is longer than any run of backticks inside. */
function fenced(text: string, language: string): string[] {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return [fence + language, text, fence, '']
}

function label(at: { probe: string; mode: string; attempt: number }): string {
  return `${at.probe} (${at.mode === 'stream' ? 'streamed' : 'not streamed'}, attempt ${at.attempt + 1})`
}

function cell(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|')
}

function code(text: string): string {
  return text.replace(/`/g, "'")
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ')
}

function clip(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}… (${text.length - chars} more characters)` : text
}
