import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useSessionVariables } from '../../../src/stores/chat/session-variables'

describe("each session's variables", () => {
  it('the open session has its store at once; the active store follows the open session; a change bumps the version', async () => {
    const active = ref('s1')
    const scope = effectScope()
    const v = scope.run(() => useSessionVariables(active))!
    const first = v.activeVariables.value
    expect(v.variablesOf('s1')).toBe(first)
    first.set({ name: 'x', value: '1', type: 'user' })
    expect(v.variablesVersion.value).toBe(1)
    active.value = 's2'
    await nextTick()
    expect(v.activeVariables.value).toBe(v.variablesOf('s2'))
    expect(v.activeVariables.value).not.toBe(first)
    scope.stop()
  })

  it("a deleted session's variables are forgotten: the next use starts empty", () => {
    const scope = effectScope()
    const v = scope.run(() => useSessionVariables('s1'))!
    v.variablesOf('s1').set({ name: 'x', value: '1', type: 'user' })
    v.forgetVariables('s1')
    expect(v.variablesOf('s1').size).toBe(0)
    expect(v.variablesError.value).toBeNull()
    scope.stop()
  })
})
