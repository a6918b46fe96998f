/**
 * What a report card reads from a report, worked out apart from the card: the colour of each
 * status, the probes that failed with the message to show, and the names of the files exported.
 */
import type { CheckStatus, ConformanceReport, WireExchange } from '../../core/conformance'

/** The Element Plus tag type of each status; the status's word is always shown beside the colour. */
export const STATUS_TYPE: Record<CheckStatus, 'success' | 'danger' | 'info'> = {
  pass: 'success',
  fail: 'danger',
  inconclusive: 'info',
}

/** A probe that got no usable answer, and why, as a person reads it. */
export interface ProbeError {
  key: string
  probe: string
  mode: WireExchange['mode']
  attempt: number
  status?: number
  message: string
}

/** The most characters of an error body shown. */
const BODY_SHOWN = 300

/** The message of a failed exchange: its error, else the HTTP status with the start of the body. */
export function exchangeError(exchange: WireExchange): string | null {
  if (exchange.error) return exchange.error
  if (exchange.status !== undefined && exchange.status >= 400) {
    const body = (exchange.body ?? '').trim()
    const shown = body.length > BODY_SHOWN ? `${body.slice(0, BODY_SHOWN)}…` : body
    return shown ? `HTTP ${exchange.status}: ${shown}` : `HTTP ${exchange.status}`
  }
  return null
}

/** Every exchange that failed, in the order they were sent. */
export function probeErrors(report: Pick<ConformanceReport, 'exchanges'>): ProbeError[] {
  const errors: ProbeError[] = []
  for (const exchange of report.exchanges) {
    const message = exchangeError(exchange)
    if (message === null) continue
    errors.push({
      key: exchangeKey(exchange),
      probe: exchange.probe,
      mode: exchange.mode,
      attempt: exchange.attempt,
      ...(exchange.status === undefined ? {} : { status: exchange.status }),
      message,
    })
  }
  return errors
}

/** An exchange's place in its run: probe, mode and attempt. */
export function exchangeKey(e: Pick<WireExchange, 'probe' | 'mode' | 'attempt'>): string {
  return `${e.probe}/${e.mode}/${e.attempt}`
}

/** The exchange an evidence points at; undefined when the capture does not hold it. */
export function findExchange(
  exchanges: readonly WireExchange[],
  at: Pick<WireExchange, 'probe' | 'mode' | 'attempt'>,
): WireExchange | undefined {
  return exchanges.find((e) => e.probe === at.probe && e.mode === at.mode && e.attempt === at.attempt)
}

/** The base of an exported file's name: `conformance-<model>-<date and time>`. */
export function exportName(report: Pick<ConformanceReport, 'endpoint' | 'startedAt'>): string {
  const model = report.endpoint.model.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'server'
  const when = report.startedAt.replace(/\.\d+Z$/, 'Z').replace(/[:]/g, '-')
  return `conformance-${model}-${when}`
}
