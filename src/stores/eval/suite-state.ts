/**
 * The suite the lab runs: read from files (a questions file and BFCL's optional possible-answer
 * file) as they stream, with a count while reading and every unreadable line listed; or a list of
 * cases given whole (the built-in sample, a case saved from a reply).
 */
import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue'
import { readSuite, type EvalCase, type SuiteError } from '../../core/eval'
import { nextTask, textChunksOf } from './file-text'

/** How many cases are read between two pauses that let the count on screen move. */
const CASES_PER_PAUSE = 500

/** What useSuiteState returns. */
export interface SuiteStateReturn {
  cases: ShallowRef<readonly EvalCase[]>
  /** The cases by id. */
  caseById: ComputedRef<ReadonlyMap<string, EvalCase>>
  /** The questions file's name, or the name a list of cases was given under; '' before any. */
  name: Ref<string>
  /** The lines that could not be read, in the order met. */
  errors: ShallowRef<readonly SuiteError[]>
  reading: Ref<boolean>
  /** Cases read so far while reading. */
  readCount: Ref<number>
  /** Reads a suite from files; a read started later replaces this one. Never rejects. */
  readFiles(questions: File, answers?: File): Promise<void>
  /** Takes a list of cases as the suite. */
  useCases(cases: readonly EvalCase[], name: string): void
  /** Adds a case; an id already taken gets `-2`, `-3`, ... appended. Returns the id it was added under. */
  addCase(testCase: EvalCase): string
}

/** The suite's state and how it is loaded. */
export function useSuiteState(): SuiteStateReturn {
  const cases = shallowRef<readonly EvalCase[]>([])
  const name = ref('')
  const errors = shallowRef<readonly SuiteError[]>([])
  const reading = ref(false)
  const readCount = ref(0)
  const caseById = computed(() => new Map(cases.value.map((c) => [c.id, c])))
  let generation = 0

  async function readFiles(questions: File, answers?: File): Promise<void> {
    const mine = ++generation
    reading.value = true
    readCount.value = 0
    const read: EvalCase[] = []
    const problems: SuiteError[] = []
    try {
      const entries = readSuite(textChunksOf(questions), answers ? { answers: textChunksOf(answers) } : {})
      for await (const entry of entries) {
        if (mine !== generation) return
        if ('case' in entry) read.push(entry.case)
        else problems.push(entry)
        readCount.value = read.length
        if (read.length % CASES_PER_PAUSE === 0) await nextTask()
      }
    } catch (error) {
      // The file itself failed (removed, unreadable): what was read so far is kept.
      problems.push({ line: 0, error: `the file could not be read: ${error instanceof Error ? error.message : error}` })
    }
    if (mine !== generation) return
    cases.value = read
    errors.value = problems
    name.value = questions.name
    reading.value = false
  }

  function useCases(list: readonly EvalCase[], listName: string): void {
    generation++
    reading.value = false
    cases.value = [...list]
    errors.value = []
    name.value = listName
  }

  function addCase(testCase: EvalCase): string {
    const taken = caseById.value
    let id = testCase.id
    for (let n = 2; taken.has(id); n++) id = `${testCase.id}-${n}`
    cases.value = [...cases.value, { ...testCase, id }]
    return id
  }

  return { cases, caseById, name, errors, reading, readCount, readFiles, useCases, addCase }
}
