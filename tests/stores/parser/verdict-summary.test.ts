import { describe, expect, it } from 'vitest'
import type { CallPlan, CallVerdict } from '../../../src/core'
import { countVerdicts } from '../../../src/stores/parser/verdict-summary'

const plan = (verdict: CallVerdict) => ({ verdict }) as CallPlan

describe('the verdict summary', () => {
  it('counts each verdict, what runs first, and leaves out verdicts no plan has', () => {
    const plans = ['malformed', 'ready', 'unknown-tool', 'ready', 'needs-approval'].map((v) => plan(v as CallVerdict))
    expect(countVerdicts(plans)).toEqual([
      { verdict: 'ready', count: 2 },
      { verdict: 'needs-approval', count: 1 },
      { verdict: 'unknown-tool', count: 1 },
      { verdict: 'malformed', count: 1 },
    ])
    expect(countVerdicts([])).toEqual([])
  })
})
