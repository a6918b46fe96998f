import { describe, expect, it, vi } from 'vitest'
import { effectScope, ref } from 'vue'
import { directRequest, type CallPlan, type ParsedRequest, type ToolSession } from '../../../src/core'
import { useCardPlanner } from '../../../src/stores/chat/card-planner'

describe('the card planner', () => {
  it('plans each request once, and again after anything it depends on changes', () => {
    const plan = vi.fn((request: ParsedRequest) => ({ request }) as CallPlan)
    const tools = { plan } as unknown as ToolSession
    const settings = ref(1)
    const scope = effectScope()
    const planFor = scope.run(() => useCardPlanner({ toolSession: () => tools, dependsOn: () => settings.value }))!
    const request = directRequest('calc_evaluate', { expression: '1' }, 'req-1')
    const first = planFor(request)
    expect(planFor(request)).toBe(first)
    expect(plan).toHaveBeenCalledTimes(1)
    settings.value++
    expect(planFor(request)).not.toBe(first)
    expect(plan).toHaveBeenCalledTimes(2)
    scope.stop()
  })
})
