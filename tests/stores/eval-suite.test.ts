import { describe, expect, it } from 'vitest'
import { watch } from 'vue'
import { useSuiteState } from '../../src/stores/eval/suite-state'
import { SAMPLE_SUITE } from '../../src/components/eval/sample-suite'
import { fixtureFile } from './eval-fixtures'

describe('the suite of the Eval pane', () => {
  it('reads a questions file with its possible answers as they stream', async () => {
    const suite = useSuiteState()
    const reading = suite.readFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
    expect(suite.reading.value).toBe(true)
    await reading
    expect(suite.reading.value).toBe(false)
    expect(suite.cases.value).toHaveLength(15)
    expect(suite.name.value).toBe('questions.jsonl')
    expect(suite.errors.value).toEqual([])
    expect(suite.caseById.value.get('parallel_0')?.expected).toHaveLength(2)
  })

  it('counts the cases while a large file is read, before the suite is replaced', async () => {
    const suite = useSuiteState()
    const line = (n: number) =>
      JSON.stringify({
        id: `case-${n}`,
        messages: [{ role: 'user', content: `Question ${n}` }],
        category: 'irrelevance',
      })
    const seen: [number, boolean][] = []
    watch(suite.readCount, (count) => seen.push([count, suite.reading.value]), { flush: 'sync' })
    await suite.readFiles(fixtureFile('big.jsonl', Array.from({ length: 1200 }, (_, n) => line(n)).join('\n')))
    expect(seen).toContainEqual([500, true])
    expect(seen).toContainEqual([1000, true])
    expect(suite.cases.value).toHaveLength(1200)
  })

  it('lists the lines it cannot read and keeps every other case', async () => {
    const suite = useSuiteState()
    const good =
      '{"id": "weather-1", "messages": [{"role": "user", "content": "Weather in Paris?"}], "tools": [], "tool_calls": []}'
    const text = [good, '{not json', '{"id": "x", "neither": true}', good.replace('weather-1', 'weather-2')].join('\n')
    await suite.readFiles(fixtureFile('chat.jsonl', text))
    expect(suite.cases.value.map((c) => c.id)).toEqual(['weather-1', 'weather-2'])
    expect(suite.errors.value.map((e) => e.line)).toEqual([2, 3])
    expect(suite.errors.value[0]?.error).toMatch(/^line 2: not JSON/)
  })

  it('a file chosen later wins over one still being read', async () => {
    const suite = useSuiteState()
    const first = suite.readFiles(fixtureFile('questions.jsonl'), fixtureFile('possible_answer.jsonl'))
    const second = suite.readFiles(
      fixtureFile(
        'one.jsonl',
        '{"id": "only", "messages": [{"role": "user", "content": "Hi"}], "category": "irrelevance"}',
      ),
    )
    await Promise.all([first, second])
    expect(suite.cases.value.map((c) => c.id)).toEqual(['only'])
    expect(suite.name.value).toBe('one.jsonl')
  })

  it('takes the sample suite whole, and adds a case under a free id', () => {
    const suite = useSuiteState()
    suite.useCases(SAMPLE_SUITE, 'sample')
    expect(suite.cases.value).toHaveLength(SAMPLE_SUITE.length)
    const first = SAMPLE_SUITE[0]!
    expect(suite.addCase({ ...first, id: 'new_case' })).toBe('new_case')
    expect(suite.addCase(first)).toBe(`${first.id}-2`)
    expect(suite.addCase(first)).toBe(`${first.id}-3`)
    expect(suite.caseById.value.get(`${first.id}-3`)?.messages).toEqual(first.messages)
    expect(suite.cases.value).toHaveLength(SAMPLE_SUITE.length + 3)
  })
})
