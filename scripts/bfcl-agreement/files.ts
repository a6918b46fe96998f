/**
 * Reading BFCL's files for the agreement measure: a data snapshot's cases of one category (its
 * question file and possible-answer file, found anywhere under the snapshot), a result file's
 * replies, and a score file's failures by test id.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { isRecord } from '../../src/core/own-record'
import { readSuite } from '../../src/core/eval/suite'
import type { EvalCase } from '../../src/core/eval/types'

/** The cases of one category, and the lines that could not be read into one. */
export interface CategoryCases {
  cases: Map<string, EvalCase>
  /** Each case's possible-answer line as written (numbers such as `5.0` intact). */
  answerTexts: Map<string, string>
  problems: string[]
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

const snapshotFiles = new Map<string, string[]>()

/** The question file and possible-answer file of a category in a snapshot (`BFCL_v3_simple.json`). */
export function categoryFiles(snapshotDir: string, category: string): { questions?: string; answers?: string } {
  let files = snapshotFiles.get(snapshotDir)
  if (files === undefined) {
    files = filesUnder(snapshotDir)
    snapshotFiles.set(snapshotDir, files)
  }
  const named = files.filter((path) => new RegExp(`^BFCL_v\\d+_${category}\\.json$`).test(basename(path)))
  const answers = named.find((path) => path.includes('possible_answer'))
  const questions = named.find((path) => !path.includes('possible_answer'))
  return { ...(questions ? { questions } : {}), ...(answers ? { answers } : {}) }
}

const caseCache = new Map<string, CategoryCases>()

/** The cases of a category in a snapshot, read once and kept. */
export async function categoryCases(snapshotDir: string, category: string): Promise<CategoryCases> {
  const key = `${snapshotDir}\n${category}`
  const cached = caseCache.get(key)
  if (cached) return cached
  const read: CategoryCases = { cases: new Map(), answerTexts: new Map(), problems: [] }
  const { questions, answers } = categoryFiles(snapshotDir, category)
  if (questions === undefined) read.problems.push(`no question file for ${category}`)
  else {
    const options = answers ? { answers: readFileSync(answers, 'utf8') } : {}
    for (const { value, text } of answers ? jsonLines(answers) : []) {
      if (isRecord(value) && typeof value.id === 'string') read.answerTexts.set(value.id, text)
    }
    for await (const entry of readSuite(readFileSync(questions, 'utf8'), options)) {
      if ('case' in entry) read.cases.set(entry.case.id, entry.case)
      else read.problems.push(entry.error)
    }
  }
  caseCache.set(key, read)
  return read
}

/** One line of a result file: the test id and the reply as stored. */
export interface ResultEntry {
  id: string
  result: unknown
}

/** One failure of a score file, with its line's text (numbers as written, for the int/float test). */
export interface ScoreFailure {
  entry: Record<string, unknown>
  text: string
}

function jsonLines(path: string): { value: unknown; text: string }[] {
  const lines: { value: unknown; text: string }[] = []
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (text.trim() === '') continue
    try {
      lines.push({ value: JSON.parse(text) as unknown, text })
    } catch {
      lines.push({ value: undefined, text })
    }
  }
  return lines
}

/** The replies of a result file; lines without a string id and a result are left out. */
export function readResults(path: string): ResultEntry[] {
  return jsonLines(path).flatMap(({ value }) =>
    isRecord(value) && typeof value.id === 'string' && 'result' in value
      ? [{ id: value.id, result: value.result }]
      : [],
  )
}

/**
 * The failures of a score file by test id (its first line is the summary). Late-2024 files number
 * their entries instead: the test id is then the prompt's.
 */
export function readFailures(path: string): Map<string, ScoreFailure> {
  const failures = new Map<string, ScoreFailure>()
  for (const [index, { value, text }] of jsonLines(path).entries()) {
    if (index === 0 || !isRecord(value)) continue
    const promptId = isRecord(value.prompt) ? value.prompt.id : undefined
    const id = typeof value.id === 'string' ? value.id : promptId
    if (typeof id === 'string') failures.set(id, { entry: value, text })
  }
  return failures
}
