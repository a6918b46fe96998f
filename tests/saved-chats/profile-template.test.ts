import { describe, expect, it } from 'vitest'
import { readChatState } from '../../src/saved-chats/saved-state'
import { defaultChatState, newProfile } from '../../src/saved-chats/model'

/** The chat state as localStorage holds it. */
const saved = (state: unknown): unknown => JSON.parse(JSON.stringify(state))

describe("an endpoint's chat template", () => {
  it('is read back as saved', () => {
    const state = defaultChatState()
    state.profiles.push({ ...newProfile('Local'), template: 'qwen3-0.6b' })
    const repairs: string[] = []
    expect(readChatState(saved(state), repairs)?.profiles[1]?.template).toBe('qwen3-0.6b')
    expect(repairs).toEqual([])
  })

  it('is absent from endpoints saved before it existed, which load unrepaired', () => {
    const state = defaultChatState()
    state.profiles.push(newProfile('Old'))
    const repairs: string[] = []
    const read = readChatState(saved(state), repairs)
    expect(read?.profiles[1]).toEqual(state.profiles[1])
    expect(read?.profiles[1]).not.toHaveProperty('template')
    expect(repairs).toEqual([])
  })

  it('is dropped when it is not a text, and said', () => {
    const state = saved(defaultChatState()) as { profiles: Record<string, unknown>[] }
    state.profiles.push({ ...newProfile('Odd'), template: 42 })
    const repairs: string[] = []
    expect(readChatState(state, repairs)?.profiles[1]).not.toHaveProperty('template')
    expect(repairs).toEqual(['endpoint "Odd": template had the wrong type and was reset'])
  })
})
