/**
 * The result/score pairs of a BFCL data folder worth comparing with: the folder's `inventory.json`
 * lists every score file with its paired result file, the data snapshot whose questions and
 * possible answers the run used, and the checks made on the pairing. A pair is clean when its
 * failures' raw replies, prompts and possible answers all match (no mismatch counted), every
 * failing id is in the result file, and the summary counts the result file's lines.
 */
import { readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isRecord } from '../../src/core/own-record'

/** The single-turn categories the checker scores, BFCL's v3 and v4 names. */
export const AST_CATEGORIES: readonly string[] = [
  'simple',
  'simple_python',
  'multiple',
  'parallel',
  'parallel_multiple',
  'irrelevance',
  'live_simple',
  'live_multiple',
  'live_parallel',
  'live_parallel_multiple',
  'live_irrelevance',
]

/** One clean pair: paths are absolute; `source` is the folder that holds the result file's folder. */
export interface BfclPair {
  source: string
  model: string
  category: string
  resultPath: string
  scorePath: string
  /** The data snapshot's folder. */
  snapshotDir: string
}

/** The clean pairs of a data folder, and the pairs left out with why. */
export interface PairSelection {
  pairs: BfclPair[]
  skipped: { score: string; reason: string }[]
}

// BFCL's v4 results sit one folder deeper, by kind of category.
const GROUP_FOLDERS = new Set(['non_live', 'live', 'multi_turn', 'agentic'])

/** The category a BFCL result or score file is for (`BFCL_v4_live_simple_result.json` -> `live_simple`). */
export function categoryOfFile(path: string): string | undefined {
  return /^BFCL_v\d+_(.+)_(?:result|score)\.json$/.exec(basename(path))?.[1]
}

/** The folder a BFCL result or score file sits in for its model (`.../<model>/non_live/x.json` -> `.../<model>`). */
export function modelFolder(path: string): string {
  const folder = dirname(path)
  return GROUP_FOLDERS.has(basename(folder)) ? dirname(folder) : folder
}

function numberAt(record: Record<string, unknown>, key: string): number {
  const value = record[key]
  return typeof value === 'number' ? value : 0
}

/** Why an inventory row is not a clean pair of a supported category; undefined when it is. */
function problemOf(row: Record<string, unknown>): string | undefined {
  const category = typeof row.result === 'string' ? categoryOfFile(row.result) : undefined
  if (category === undefined || !AST_CATEGORIES.includes(category)) return `category ${category ?? '?'} not scored`
  const check = isRecord(row.datacheck) ? row.datacheck : undefined
  if (check === undefined || typeof check.snap !== 'string') return 'no data snapshot matched'
  if (numberAt(row, 'raw_mismatch') > 0) return 'raw replies differ from the result file'
  if (numberAt(check, 'q_mismatch') > 0 || numberAt(check, 'pa_mismatch') > 0) return 'prompts differ from the snapshot'
  if (numberAt(row, 'fail_ids_not_in_result') > 0) return 'failing ids missing from the result file'
  const summary = isRecord(row.summary) ? row.summary : {}
  if (numberAt(summary, 'total_count') !== numberAt(row, 'result_n')) return 'summary total differs from the results'
  return undefined
}

/** Reads `inventory.json` of a data folder and keeps the clean pairs of the supported categories. */
export function cleanPairs(dataDir: string): PairSelection {
  const inventory: unknown = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8'))
  const rows = isRecord(inventory) && Array.isArray(inventory.pairs) ? inventory.pairs : []
  const selection: PairSelection = { pairs: [], skipped: [] }
  for (const row of rows) {
    if (!isRecord(row) || typeof row.score !== 'string' || typeof row.result !== 'string') continue
    const reason = problemOf(row)
    if (reason !== undefined) {
      selection.skipped.push({ score: row.score, reason })
      continue
    }
    const check = row.datacheck as { snap: string }
    const resultPath = join(dataDir, row.result)
    // Score files sit in a folder named after the model; some result folders are named after the run.
    selection.pairs.push({
      source: dirname(modelFolder(row.result)),
      model: basename(modelFolder(row.score)),
      category: categoryOfFile(row.result) as string,
      resultPath,
      scorePath: join(dataDir, row.score),
      snapshotDir: join(dataDir, 'data', check.snap),
    })
  }
  selection.pairs.sort((a, b) =>
    `${a.source}/${a.model}/${a.category}`.localeCompare(`${b.source}/${b.model}/${b.category}`),
  )
  return selection
}
