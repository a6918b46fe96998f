import { describe, expect, it } from 'vitest'
import { directRequest, type CallPlan, type ParsedRequest } from '../../../src/core'
import { useRequestPlans } from '../../../src/stores/parser/request-plans'

/** A session whose policies answer only when the test says so. */
function slowPolicies() {
  const answers: (() => void)[] = []
  const session = {
    plan: (request: ParsedRequest) => ({ request, verdict: 'ready', policiesConsulted: false }) as CallPlan,
    planWithPolicies: (request: ParsedRequest) =>
      new Promise<CallPlan>((resolve) =>
        answers.push(() => resolve({ request, verdict: 'needs-approval', policiesConsulted: true } as CallPlan)),
      ),
  }
  return { session, answers }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the request plans', () => {
  it('plans at once and takes the policies’ answer later; an earlier replan’s answer is dropped', async () => {
    const { session, answers } = slowPolicies()
    const { plans, replan } = useRequestPlans(session)
    const request = directRequest('fs_delete', { path: '/a' }, 'req-1')
    replan([request])
    replan([request])
    expect(plans.value.map((p) => p.verdict)).toEqual(['ready'])
    answers[0]?.()
    await settle()
    expect(plans.value.map((p) => p.verdict)).toEqual(['ready'])
    answers[1]?.()
    await settle()
    expect(plans.value.map((p) => p.verdict)).toEqual(['needs-approval'])
  })

  it('keeps a known plan whose policies were consulted, and asks nothing more', () => {
    const { session, answers } = slowPolicies()
    const { plans, replan } = useRequestPlans(session)
    const request = directRequest('fs_delete', { path: '/a' }, 'req-1')
    const known = { request, verdict: 'denied', policiesConsulted: true } as CallPlan
    replan([request], new Map([[request, known]]))
    expect(plans.value).toEqual([known])
    expect(answers).toHaveLength(0)
  })
})
