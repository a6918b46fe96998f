/** The eval fixture files in memory, and a CliIo over them with the members `vcp eval` uses. */
import { readFileSync } from 'node:fs'
import type { CliIo } from '../../src/cli/vcp'
import { memoryIo } from './memory-io'

const FIXTURE_NAMES = [
  'questions.jsonl',
  'possible_answer.jsonl',
  'results-decoded.jsonl',
  'results-raw.jsonl',
  'expected-verdicts.json',
]

/** The fixture suite, answers, result files and verdicts, by file name. */
export function fixtureFiles(): Record<string, string> {
  const dir = new URL('../fixtures/eval/', import.meta.url)
  return Object.fromEntries(FIXTURE_NAMES.map((name) => [name, readFileSync(new URL(name, dir), 'utf8')]))
}

/** The suite arguments: the fixture questions with their possible answers. */
export const SUITE = ['questions.jsonl', '--answers', 'possible_answer.jsonl']

export interface EvalTestIo extends CliIo {
  files: Record<string, string>
  stdout: string[]
  stderr: string[]
  /** What was written with errRaw (a terminal's progress). */
  raw: string[]
}

/**
 * A CliIo over `files`: files are read in chunks of 7 characters (lines split across chunks), and
 * appended to in place. `whole` leaves out the streaming members, so the fallbacks run.
 */
export function evalIo(
  files: Record<string, string>,
  options: { whole?: boolean; tty?: boolean; env?: Record<string, string> } = {},
): EvalTestIo {
  const io = memoryIo(files)
  const raw: string[] = []
  const streaming: Partial<CliIo> = {
    appendFile: async (path, text) => {
      files[path] = (files[path] ?? '') + text
    },
    readFileChunks: (path) => chunksOf(files, path),
  }
  return {
    ...io,
    ...(options.whole ? {} : streaming),
    files,
    raw,
    isTty: options.tty === true,
    errRaw: (text) => raw.push(text),
    env: options.env ?? {},
  }
}

async function* chunksOf(files: Record<string, string>, path: string): AsyncGenerator<string> {
  const text = files[path]
  if (text === undefined) throw new Error(`ENOENT: no such file, open '${path}'`)
  for (let at = 0; at < text.length; at += 7) yield text.slice(at, at + 7)
}

/** The --json report written to `path`. */
export interface JsonReport {
  cases: {
    id: string
    category: string
    valid: boolean
    error_type: string | null
    errors: unknown[]
    model?: string
    protocol?: string
    repeat?: number
  }[]
  summary: { overall: { passed: number; total: number }; stability: { k: number; flaky: string[] } }
}

export function jsonReportOf(io: EvalTestIo, path: string): JsonReport {
  const text = io.files[path]
  if (text === undefined) throw new Error(`${path} was not written`)
  return JSON.parse(text) as JsonReport
}
