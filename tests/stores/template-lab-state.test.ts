import { describe, expect, it } from 'vitest'
import { checkLabState, defaultLabState } from '../../src/stores/template-lab/saved-state'

describe("the Template view's saved state", () => {
  it('reads back what it saved', () => {
    const state = {
      ...defaultLabState(),
      view: 'template' as const,
      source: { kind: 'text' as const, name: 'a.jinja' },
      dialect: 'llama.cpp' as const,
      compare: { against: 'dialect' as const, templateId: 'qwen3-0.6b', layout: 'split' as const },
    }
    const repairs: string[] = []
    expect(checkLabState(JSON.parse(JSON.stringify(state)), repairs)).toEqual(state)
    expect(repairs).toEqual([])
  })

  it('takes the default for a field of the wrong type, and says which', () => {
    const repairs: string[] = []
    const broken = { ...defaultLabState(), argumentsAs: 'yaml', source: { kind: 'url' }, text: 3, dialect: 'minja' }
    const read = checkLabState(broken, repairs)
    expect(read).toMatchObject({
      argumentsAs: 'object',
      source: defaultLabState().source,
      text: '',
      dialect: 'transformers',
    })
    expect(repairs).toEqual([
      "the Template view's source had the wrong type and was reset",
      "the Template view's text had the wrong type and was reset",
      "the Template view's argumentsAs had the wrong type and was reset",
      "the Template view's dialect had the wrong type and was reset",
    ])
    expect(checkLabState('nope', [])).toBeNull()
  })

  it('fills in what an older save did not have', () => {
    const repairs: string[] = []
    expect(checkLabState({ view: 'template' }, repairs)).toEqual({ ...defaultLabState(), view: 'template' })
    expect(repairs).toEqual([])
  })
})
