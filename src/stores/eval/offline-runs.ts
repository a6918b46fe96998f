/**
 * The offline lane as the lab runs it: a file of replies captured elsewhere (`{"id", "result"}`
 * lines) scored against the loaded suite, kept like a live run and named after the file. Each
 * outcome keeps the result as the file gave it, so a case can be looked at as closely as a live one.
 */
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import { jobKey, readJsonLines, scoreResultLines, summarize, type CaseOutcome, type JsonLine } from '../../core/eval'
import type { EvalRunRecord } from '../../persistence/eval-runs'
import { isRecord } from '../../persistence/persisted'
import { newId } from '../../saved-chats/model'
import { nextTask, textChunksOf } from './file-text'
import type { RunHistoryReturn } from './run-history'
import type { SelectedRunReturn } from './selected-run'
import type { SuiteStateReturn } from './suite-state'

/** How many outcomes are scored between two pauses that let the page draw. */
const OUTCOMES_PER_PAUSE = 200

/** What an offline run reads and writes. */
export interface OfflineRunsDeps {
  suite: Pick<SuiteStateReturn, 'cases' | 'caseById' | 'name'>
  history: Pick<RunHistoryReturn, 'saveRun' | 'saveOutcome'>
  selected: Pick<SelectedRunReturn, 'runId' | 'startShowing' | 'append' | 'flush'>
}

/** What useOfflineRuns returns. */
export interface OfflineRunsReturn {
  scoring: Ref<boolean>
  /** Outcomes scored so far while scoring. */
  scoredCount: Ref<number>
  /** The lines of the last file that could not be scored (not JSON, no id, a case not in the suite, ...). */
  problems: ShallowRef<readonly string[]>
  /** Scores a result file against the loaded suite, reading it with `protocol` (`auto` or a format id). */
  score(file: File, protocol: string): Promise<void>
}

/** The offline lane over the lab's state. */
export function useOfflineRuns(deps: OfflineRunsDeps): OfflineRunsReturn {
  const scoring = ref(false)
  const scoredCount = ref(0)
  const problems = shallowRef<readonly string[]>([])

  async function score(file: File, protocol: string): Promise<void> {
    const { suite, history, selected } = deps
    if (scoring.value || suite.cases.value.length === 0) return
    const run: EvalRunRecord = {
      id: newId('eval'),
      label: file.name,
      createdAt: Date.now(),
      status: 'running',
      settings: {
        kind: 'offline',
        suiteName: suite.name.value,
        caseCount: suite.cases.value.length,
        targets: [],
        protocols: [protocol],
        repeat: 1,
        concurrency: 1,
        fileName: file.name,
      },
      outcomeCount: 0,
    }
    scoring.value = true
    scoredCount.value = 0
    problems.value = []
    selected.startShowing(run.id)
    await history.saveRun(run)
    const all: CaseOutcome[] = []
    const found: string[] = []
    const results = new Map<string, unknown>()
    try {
      const lines = keepingResults(readJsonLines(textChunksOf(file)), results)
      const options = protocol === 'auto' ? {} : { protocol }
      for await (const item of scoreResultLines(suite.caseById.value, lines, options)) {
        if ('problem' in item) {
          found.push(item.problem)
          continue
        }
        const outcome = withReply(item.outcome, results.get(item.outcome.id))
        results.delete(outcome.id)
        const key = jobKey(outcome.id, '', '', 0)
        await history.saveOutcome(run.id, key, outcome)
        all.push(outcome)
        if (selected.runId.value === run.id) selected.append(key, outcome)
        scoredCount.value = all.length
        if (all.length % OUTCOMES_PER_PAUSE === 0) await nextTask()
      }
    } catch (error) {
      found.push(`the file could not be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    selected.flush()
    problems.value = found
    scoring.value = false
    await history.saveRun({ ...run, status: 'completed', outcomeCount: all.length, summary: summarize(all) })
  }

  return { scoring, scoredCount, problems, score }
}

/** Passes the lines on, noting each line's first result by case id (the one the scorer counts). */
async function* keepingResults(
  lines: AsyncIterable<JsonLine>,
  results: Map<string, unknown>,
): AsyncGenerator<JsonLine> {
  for await (const line of lines) {
    if ('value' in line && isRecord(line.value) && typeof line.value.id === 'string' && !results.has(line.value.id))
      results.set(line.value.id, line.value.result)
    yield line
  }
}

/** The outcome with its result as the file gave it: text as it is, anything else as JSON. */
function withReply(outcome: CaseOutcome, result: unknown): CaseOutcome {
  if (result === undefined) return outcome
  const reply = typeof result === 'string' ? result : (JSON.stringify(result) ?? String(result))
  return { ...outcome, reply }
}
