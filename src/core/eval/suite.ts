/**
 * Reading a suite file of either kind the lab knows, told apart by its lines: BFCL questions
 * (`question`, `function`) or OpenAI-style chat cases (`messages`).
 */
import { isRecord } from '../own-record'
import { readJsonLines, type JsonLine, type TextChunks } from './jsonl'
import { bfclCasesFromLines, readBfclAnswers, type SuiteEntry } from './suite-bfcl'
import { openAiCasesFromLines } from './suite-openai'

/** The kinds of suite file: BFCL's question lines, or OpenAI-style chat lines. */
export type SuiteFormat = 'bfcl' | 'openai'

/** How {@link readSuite} reads. */
export interface ReadSuiteOptions {
  /** BFCL's possible-answer file for the questions. */
  answers?: TextChunks | string
}

/** The kind of suite a parsed line belongs to; undefined when it looks like neither. */
export function suiteFormatOf(value: unknown): SuiteFormat | undefined {
  if (!isRecord(value)) return undefined
  if ('question' in value) return 'bfcl'
  return 'messages' in value ? 'openai' : undefined
}

/**
 * The cases of a suite file, streamed: its kind is taken from the first line that shows one, and
 * lines before it that show none are errors. An answers file is read for a BFCL suite; given with
 * an OpenAI-style suite, it is one error (line 0, `file: 'answers'`). Never throws on malformed input.
 */
export async function* readSuite(
  input: TextChunks | string,
  options: ReadSuiteOptions = {},
): AsyncGenerator<SuiteEntry> {
  const lines = readJsonLines(input)
  let first: { line: JsonLine; format: SuiteFormat } | undefined
  // Read by hand: leaving a for-await loop would close the lines for the reader that follows.
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = next.value
    const format = 'value' in line ? suiteFormatOf(line.value) : undefined
    if (format !== undefined) {
      first = { line, format }
      break
    }
    yield 'error' in line ? line : { line: line.line, error: `line ${line.line}: ${NEITHER}` }
  }
  if (first === undefined) return
  const rest = prepend(first.line, lines)
  if (first.format === 'openai') {
    if (options.answers !== undefined) yield { line: 0, error: ANSWERS_UNUSED, file: 'answers' }
    yield* openAiCasesFromLines(rest)
    return
  }
  const answers = options.answers === undefined ? undefined : await readBfclAnswers(options.answers)
  if (answers) yield* answers.errors
  yield* bfclCasesFromLines(rest, answers?.byId ?? new Map())
}

const NEITHER = 'not a suite line: a BFCL question has "question" and "function", an OpenAI-style case has "messages"'
const ANSWERS_UNUSED =
  'an answers file is for BFCL suites; in this OpenAI-style suite each line holds its own expected calls'

async function* prepend<T>(first: T, rest: AsyncIterator<T>): AsyncGenerator<T> {
  yield first
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
}
