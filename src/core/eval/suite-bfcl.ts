/**
 * Reading a suite in the Berkeley Function Calling Leaderboard's own files: a question file
 * (`id`, `question`, `function` a line) and its possible-answer file (`id`, `ground_truth`). The
 * category comes from the id's prefix, as BFCL names its cases; categories the checker cannot
 * score (other languages, multi-turn, agentic) become errors rather than wrong verdicts.
 */
import { isRecord } from '../own-record'
import { readJsonLines, type JsonLine, type TextChunks } from './jsonl'
import { callCountProblem, expectedCallsOf, functionsOf, inferCategory, messagesOf } from './case-from-reply'
import type { EvalCase, EvalCategory } from './types'

/** A case a suite line was read into. */
export interface SuiteCase {
  case: EvalCase
}

/**
 * A suite line that could not be read: its 1-based line, the case id when known, and why (the text
 * starts with `line N:`). `file: 'answers'` marks a line of the answers file; line 0 means a file as
 * a whole.
 */
export interface SuiteError {
  line: number
  id?: string
  error: string
  file?: 'answers'
}

/** One line of a suite read: a case, or why not. */
export type SuiteEntry = SuiteCase | SuiteError

const JAVA = 'Java cases are checked with Java semantics, which this checker does not have'
const JAVASCRIPT = 'JavaScript cases are checked with JavaScript semantics, which this checker does not have'
const MULTI_TURN = 'multi-turn cases run their calls against simulated APIs between turns, which the lab does not do'
const AGENTIC = 'agentic cases (memory, web search) judge the final answer, not the calls'
const EXECUTABLE = 'executable cases judge the result of running the calls, which the lab does not do'

/** BFCL's category names (the prefix of an id), what each is scored as, or why it is not. */
const BFCL_CATEGORIES: Record<string, EvalCategory | { unsupported: string }> = {
  simple: 'simple',
  simple_python: 'simple',
  live_simple: 'simple',
  multiple: 'multiple',
  live_multiple: 'multiple',
  parallel: 'parallel',
  live_parallel: 'parallel',
  parallel_multiple: 'parallel_multiple',
  live_parallel_multiple: 'parallel_multiple',
  irrelevance: 'irrelevance',
  live_irrelevance: 'irrelevance',
  java: { unsupported: JAVA },
  simple_java: { unsupported: JAVA },
  javascript: { unsupported: JAVASCRIPT },
  simple_javascript: { unsupported: JAVASCRIPT },
  live_relevance: { unsupported: 'relevance cases only ask for some call, with no answer to check its arguments' },
  multi_turn: { unsupported: MULTI_TURN },
  multi_turn_base: { unsupported: MULTI_TURN },
  multi_turn_miss_func: { unsupported: MULTI_TURN },
  multi_turn_miss_param: { unsupported: MULTI_TURN },
  multi_turn_long_context: { unsupported: MULTI_TURN },
  multi_turn_composite: { unsupported: MULTI_TURN },
  memory: { unsupported: AGENTIC },
  web_search: { unsupported: AGENTIC },
  exec_simple: { unsupported: EXECUTABLE },
  exec_multiple: { unsupported: EXECUTABLE },
  exec_parallel: { unsupported: EXECUTABLE },
  exec_parallel_multiple: { unsupported: EXECUTABLE },
  rest: { unsupported: EXECUTABLE },
}

// Longest first, so `parallel_multiple_2` is not read as `parallel`.
const PREFIXES = Object.keys(BFCL_CATEGORIES).sort((a, b) => b.length - a.length)

function bfclCategoryEntry(id: string): EvalCategory | { unsupported: string } | undefined {
  const prefix = PREFIXES.find((name) => id.startsWith(`${name}_`))
  return prefix === undefined ? undefined : BFCL_CATEGORIES[prefix]
}

/**
 * The category BFCL scores a case as, from its id's prefix (`simple_python_12`, `live_multiple_3-1-0`,
 * `parallel_multiple_2`); undefined for an unknown prefix and for categories the checker does not
 * score (see {@link bfclUnsupportedReason}).
 */
export function categoryOfBfclId(id: string): EvalCategory | undefined {
  const entry = bfclCategoryEntry(id)
  return typeof entry === 'string' ? entry : undefined
}

/** Why a case of this id's BFCL category cannot be scored here; undefined when it can or is unknown. */
export function bfclUnsupportedReason(id: string): string | undefined {
  const entry = bfclCategoryEntry(id)
  return typeof entry === 'object' ? entry.unsupported : undefined
}

/**
 * A case from one BFCL question line and its possible-answer line (undefined when there is none;
 * a `ground_truth` on the question line itself is used then). The first turn of `question` is the
 * conversation; only one turn is accepted. The category comes from the id; for an id of no known
 * category it is inferred from the calls expected (see {@link inferCategory}). Every problem is
 * an error naming the id and what is wrong.
 */
export function bfclQuestionCase(value: unknown, answer: unknown | undefined): { case: EvalCase } | { error: string } {
  if (!isRecord(value)) return { error: 'not a BFCL question: expected a JSON object' }
  const id = value.id
  if (typeof id !== 'string' || id === '') return { error: 'not a BFCL question: it has no "id"' }
  const fail = (problem: string): { error: string } => ({ error: `${id}: ${problem}` })
  const unsupported = bfclUnsupportedReason(id)
  if (unsupported !== undefined) return fail(`not supported: ${unsupported}`)
  const turn = firstTurn(value.question)
  const messages = 'error' in turn ? turn : messagesOf(turn.messages)
  if ('error' in messages) return fail(`question: ${messages.error}`)
  const functions = functionsOf(isRecord(value.function) ? [value.function] : value.function)
  if ('error' in functions) return fail(`function: ${functions.error}`)
  const known = categoryOfBfclId(id)
  const truth = groundTruthOf(id, answer ?? ('ground_truth' in value ? value : undefined), known)
  if ('error' in truth) return fail(truth.error)
  const expected = expectedCallsOf(truth.calls, functions.functions)
  if ('error' in expected) return fail(`ground_truth: ${expected.error}`)
  const category = known ?? inferCategory(expected.calls, functions.functions.length)
  const problem = callCountProblem(category, expected.calls.length)
  if (problem !== undefined) return fail(problem)
  return {
    case: { id, category, messages: messages.messages, functions: functions.functions, expected: expected.calls },
  }
}

/** The messages of the first turn; an older single-turn form (a list of messages, or a string) too. */
function firstTurn(question: unknown): { messages: unknown } | { error: string } {
  if (typeof question === 'string') return { messages: [{ role: 'user', content: question }] }
  if (!Array.isArray(question) || !Array.isArray(question[0])) return { messages: question }
  if (question.length > 1) return { error: `${question.length} turns, but only single-turn cases are supported` }
  return { messages: question[0] }
}

/** The ground-truth list of an answer line, checked against the question's id. */
function groundTruthOf(
  id: string,
  answer: unknown,
  category: EvalCategory | undefined,
): { calls: unknown[] } | { error: string } {
  if (answer === undefined) {
    if (category === undefined || category === 'irrelevance') return { calls: [] }
    return { error: 'no ground truth: no possible-answer line has this id' }
  }
  if (!isRecord(answer)) return { error: 'its answer line is not a JSON object' }
  if (answer.id !== undefined && answer.id !== id) {
    return { error: `its answer line has id ${JSON.stringify(answer.id)}` }
  }
  const truth = answer.ground_truth
  if (isRecord(truth)) return { calls: [truth] }
  if (!Array.isArray(truth)) return { error: 'its answer line has no "ground_truth" list' }
  return { calls: truth }
}

/**
 * The cases of a BFCL suite: question lines streamed, each matched by id with its line of the
 * answers file (read whole first; absent for irrelevance-only suites). Lines of the answers file
 * that cannot be read come first, marked `file: 'answers'`. Never throws on malformed input.
 */
export async function* readBfclSuite(
  questions: TextChunks | string,
  answers?: TextChunks | string,
): AsyncGenerator<SuiteEntry> {
  const read = answers === undefined ? { byId: new Map<string, unknown>(), errors: [] } : await readBfclAnswers(answers)
  yield* read.errors
  yield* bfclCasesFromLines(readJsonLines(questions), read.byId)
}

/**
 * A possible-answer file read whole: its lines by id, and the lines that cannot be used (not JSON,
 * no id, an id seen before: the first is kept), marked `file: 'answers'`.
 */
export async function readBfclAnswers(
  answers: TextChunks | string,
): Promise<{ byId: Map<string, unknown>; errors: SuiteError[] }> {
  const byId = new Map<string, unknown>()
  const errors: SuiteError[] = []
  for await (const read of readJsonLines(answers)) {
    const { line } = read
    const id = 'value' in read && isRecord(read.value) ? read.value.id : undefined
    if ('error' in read) errors.push({ line, error: read.error, file: 'answers' })
    else if (typeof id !== 'string' || id === '') {
      errors.push({ line, error: `line ${line}: an answer line needs an "id"`, file: 'answers' })
    } else if (byId.has(id)) {
      errors.push({ line, id, error: `line ${line}: a second answer for ${id}; the first is kept`, file: 'answers' })
    } else byId.set(id, read.value)
  }
  return { byId, errors }
}

/**
 * The cases of BFCL question lines already read, each with its answer from `answers` (by id).
 * A second case with an id already seen is an error.
 */
export async function* bfclCasesFromLines(
  lines: AsyncIterable<JsonLine> | Iterable<JsonLine>,
  answers: ReadonlyMap<string, unknown>,
): AsyncGenerator<SuiteEntry> {
  const seen = new Set<string>()
  for await (const read of lines) {
    if ('error' in read) {
      yield read
      continue
    }
    const id = isRecord(read.value) && typeof read.value.id === 'string' ? read.value.id : undefined
    const result = bfclQuestionCase(read.value, id === undefined ? undefined : answers.get(id))
    yield entryOf(result, read.line, seen)
  }
}

/**
 * A suite entry from a case or its error at a line, an error too when the id was seen before.
 * Shared by the suite readers.
 */
export function entryOf(result: { case: EvalCase } | { error: string }, line: number, seen: Set<string>): SuiteEntry {
  if ('error' in result) return { line, error: `line ${line}: ${result.error}` }
  const { id } = result.case
  if (seen.has(id)) return { line, id, error: `line ${line}: ${id}: a second case with this id` }
  seen.add(id)
  return result
}

/**
 * A case as BFCL's own files hold it: one question line and one possible-answer line (none for
 * `irrelevance`, as BFCL has no answers file for it). The id is kept when reading it back gives
 * the same category; otherwise the category's name is put in front, as BFCL's ids carry it, so
 * {@link readBfclSuite} reads the same case back.
 */
export function caseToBfclLines(c: EvalCase): { question: string; answer: string | undefined } {
  const id = bfclIdFor(c)
  const question = JSON.stringify({ id, question: [c.messages], function: c.functions })
  const answer = c.category === 'irrelevance' ? undefined : JSON.stringify({ id, ground_truth: c.expected })
  return { question, answer }
}

function bfclIdFor(c: EvalCase): string {
  const named = bfclCategoryEntry(c.id)
  if (named === c.category) return c.id
  if (named === undefined && inferCategory(c.expected, c.functions.length) === c.category) return c.id
  const prefixed = `${c.category}_${c.id}`
  // `parallel_` before `multiple_5` would read as parallel_multiple.
  return categoryOfBfclId(prefixed) === c.category ? prefixed : `${c.category}_case_${c.id}`
}
