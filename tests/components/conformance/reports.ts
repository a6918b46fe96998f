/** Reports of the reference server's models for the Conformance pane's tests, each made once per file. */
import { afterAll } from 'vitest'
import { runConformance, type ConformanceReport } from '../../../src/core/conformance'
import type { ConformanceRunRecord } from '../../../src/persistence/conformance-runs'
import { startReferenceServer, type ReferenceServer } from '../../../scripts/mock-llm/reference-server'

let server: Promise<ReferenceServer> | null = null
const made = new Map<string, Promise<ConformanceReport>>()

/** The reference server, started on first use and closed after the file's tests. */
export function referenceServer(): Promise<ReferenceServer> {
  if (!server) {
    server = startReferenceServer()
    afterAll(async () => (await server)?.close())
  }
  return server
}

/** A run of `model` on the reference server (each probe sent twice each way). */
export function referenceReport(model: string): Promise<ConformanceReport> {
  let report = made.get(model)
  if (!report) {
    report = referenceServer().then((s) => runConformance({ baseUrl: s.baseUrl, model }, { repeat: 2, concurrency: 4 }))
    made.set(model, report)
  }
  return report
}

/** The kept record of a report, as a run of the tab would keep it. */
export function recordOf(report: ConformanceReport, id: string, createdAt = Date.now()): ConformanceRunRecord {
  const { endpoint, startedAt, durationMs, repeat, checks } = report
  return {
    id,
    batchId: id,
    label: endpoint.model,
    createdAt,
    source: 'live',
    stopped: false,
    report: { endpoint, startedAt, durationMs, repeat, checks },
    captureDropped: false,
  }
}
