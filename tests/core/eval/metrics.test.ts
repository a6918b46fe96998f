import { describe, expect, it } from 'vitest'
import { compareRuns, NO_CALL, passAtKEstimate, summarize, type CaseOutcome } from '../../../src/core/eval'

function outcome(id: string, valid: boolean, extra: Partial<CaseOutcome> = {}): CaseOutcome {
  return {
    id,
    category: 'simple',
    valid,
    ...(valid ? {} : { errorType: 'value_error:string' }),
    errors: [],
    compliance: { parsed: true, diagnostics: [] },
    decoded: [],
    expectedNames: ['f'],
    chosenNames: ['f'],
    ...extra,
  }
}

describe('summarize', () => {
  it('is all zeros for no outcomes', () => {
    const s = summarize([])
    expect(s.overall).toEqual({ passed: 0, total: 0 })
    expect(s.stability).toMatchObject({ k: 0, passAt1: 0, cases: 0 })
    expect(s.latency).toBeUndefined()
  })

  it('estimates pass@k without bias', () => {
    expect(passAtKEstimate(3, 0, 1)).toBe(0)
    expect(passAtKEstimate(3, 3, 1)).toBe(1)
    expect(passAtKEstimate(4, 2, 1)).toBeCloseTo(0.5)
    expect(passAtKEstimate(4, 1, 2)).toBeCloseTo(0.5)
    expect(passAtKEstimate(4, 2, 3)).toBe(1)
  })

  it('finds flaky cases among repeats and keeps models and protocols apart', () => {
    const at = (id: string, valid: boolean, protocol: string, repeat: number) =>
      outcome(id, valid, { model: 'm', protocol, repeat })
    const s = summarize([
      at('a', true, 'vcp', 0),
      at('a', false, 'vcp', 1),
      at('a', true, 'native', 0),
      at('a', true, 'native', 1),
    ])
    expect(s.stability.k).toBe(2)
    expect(s.stability.cases).toBe(2)
    expect(s.stability.flaky).toEqual(['a @ m / vcp'])
    expect(s.stability.passAll).toBe(1)
    expect(s.stability.passAt1).toBeCloseTo(0.75)
    expect(s.stability.passAtK).toBe(1)
  })

  it('counts tokens, latency, relevance and compliance apart', () => {
    const s = summarize([
      outcome('a', true, { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }, latencyMs: 100 }),
      outcome('b', false, { compliance: { parsed: false, diagnostics: [] }, latencyMs: 300 }),
      outcome('c', true, { category: 'irrelevance', expectedNames: [], chosenNames: [] }),
    ])
    expect(s.tokens).toEqual({ prompt: 10, completion: 5, total: 15, replies: 1 })
    expect(s.latency).toMatchObject({ p50: 300, max: 300, mean: 200 })
    expect(s.relevance).toEqual({ passed: 1, total: 1 })
    expect(s.correctness).toEqual({ passed: 1, total: 2 })
    expect(s.compliance).toEqual({ passed: 2, total: 3 })
    expect(s.errorTypes).toEqual([{ errorType: 'value_error:string', count: 1 }])
  })

  it('pairs expected and chosen tools in the confusion matrix', () => {
    const s = summarize([
      outcome('a', true, { expectedNames: ['f', 'g'], chosenNames: ['g', 'f'] }),
      outcome('b', false, { expectedNames: ['f'], chosenNames: ['h'] }),
      outcome('c', false, { expectedNames: ['f'], chosenNames: [] }),
      outcome('d', false, { category: 'irrelevance', expectedNames: [], chosenNames: ['g'] }),
    ])
    const { expected, chosen, counts } = s.confusion
    const cell = (e: string, c: string) => counts[expected.indexOf(e)]?.[chosen.indexOf(c)]
    expect(expected).toEqual(['f', 'g', NO_CALL])
    expect(chosen).toEqual(['f', 'g', 'h', NO_CALL])
    expect(cell('f', 'f')).toBe(1)
    expect(cell('g', 'g')).toBe(1)
    expect(cell('f', 'h')).toBe(1)
    expect(cell('f', NO_CALL)).toBe(1)
    expect(cell(NO_CALL, 'g')).toBe(1)
  })
})

describe('compareRuns', () => {
  it('puts regressions first, then fixes', () => {
    const before = [outcome('a', true), outcome('b', false), outcome('c', true), outcome('d', true)]
    const after = [outcome('c', true), outcome('b', true), outcome('a', false), outcome('e', false)]
    const { rows, counts } = compareRuns(before, after)
    expect(rows.map((r) => [r.id, r.change])).toEqual([
      ['a', 'regression'],
      ['b', 'fixed'],
      ['e', 'added'],
      ['d', 'removed'],
      ['c', 'still-passing'],
    ])
    expect(counts).toMatchObject({
      regression: 1,
      fixed: 1,
      added: 1,
      removed: 1,
      'still-passing': 1,
      'still-failing': 0,
    })
    expect(rows[0]?.after).toEqual({ valid: false, errorType: 'value_error:string' })
  })

  it('fails a case in a run when any of its repeats failed', () => {
    const before = [outcome('a', true, { repeat: 0 }), outcome('a', true, { repeat: 1 })]
    const after = [outcome('a', true, { repeat: 0 }), outcome('a', false, { repeat: 1 })]
    expect(compareRuns(before, after).rows[0]?.change).toBe('regression')
  })
})
