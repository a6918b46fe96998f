/**
 * A wire capture saved before (JSON Lines, one exchange a line) checked again with no network: the
 * lines that cannot be read are listed, the others make a report that is kept and shown like a run's.
 */
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import { exchangesFromJsonl, reportFromExchanges, type WireExchange } from '../../core/conformance'
import { newId } from '../../saved-chats/model'
import type { ConformanceHistoryReturn } from './run-history'
import { shownReport, type ShownReport, type ShownReportsReturn } from './shown-reports'

/** What useCaptureImport returns. */
export interface CaptureImportReturn {
  importing: Ref<boolean>
  /** The lines of the last file that could not be read, as the reader said them. */
  lineErrors: ShallowRef<readonly string[]>
  /** Why the last file gave no report (no exchange in it, or it could not be read); null when it did. */
  failure: Ref<string | null>
  /** Reads a capture file and shows its report; the report is kept with the runs. */
  importCapture(file: Blob & { name?: string }): Promise<void>
}

/** The endpoint a capture was taken from, read from its first request. */
export function captureEndpoint(exchanges: readonly WireExchange[]): { baseUrl: string; model: string } {
  const first = exchanges[0]
  const baseUrl = (first?.request.url ?? '').replace(/\/chat\/completions$/, '')
  const model = first?.request.body.model
  return { baseUrl, model: typeof model === 'string' ? model : '' }
}

export function useCaptureImport(deps: {
  history: Pick<ConformanceHistoryReturn, 'saveRun'>
  shown: Pick<ShownReportsReturn, 'replace'>
  onDone?(report: ShownReport): void
}): CaptureImportReturn {
  const importing = ref(false)
  const lineErrors = shallowRef<readonly string[]>([])
  const failure = ref<string | null>(null)

  async function importCapture(file: Blob & { name?: string }): Promise<void> {
    importing.value = true
    failure.value = null
    lineErrors.value = []
    try {
      const { exchanges, errors } = exchangesFromJsonl(await file.text())
      lineErrors.value = errors
      if (exchanges.length === 0) return void (failure.value = 'empty')
      const repeat = Math.max(...exchanges.map((e) => e.attempt)) + 1
      const report = reportFromExchanges(captureEndpoint(exchanges), exchanges, { repeat })
      const { endpoint, startedAt, durationMs, checks } = report
      const id = newId('conformance-import')
      const run = {
        id,
        batchId: id,
        label: endpoint.model || file.name || 'capture',
        createdAt: Date.now(),
        source: 'imported' as const,
        stopped: false,
        ...(file.name ? { fileName: file.name } : {}),
        report: { endpoint, startedAt, durationMs, repeat: report.repeat, checks },
        captureDropped: false,
      }
      const shown = shownReport(await deps.history.saveRun(run, exchanges), exchanges)
      deps.shown.replace([shown])
      deps.onDone?.(shown)
    } catch (error) {
      failure.value = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    } finally {
      importing.value = false
    }
  }

  return { importing, lineErrors, failure, importCapture }
}
