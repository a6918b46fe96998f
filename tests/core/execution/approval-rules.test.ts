/**
 * Who decides whether a call asks first: the most cautious of the person's own choices, a default
 * when they made none, and an ask-once answer that decides the same call's plan again.
 */
import { describe, expect, it } from 'vitest'
import {
  approvalRule,
  createToolRegistryManager,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  type ApprovalPolicy,
  type ApprovalSettings,
} from '../../../src/core'
import { mathTool } from '../../fixtures/tools'

const builtIn = { id: 'math' }
const server = { id: 'srv', origin: 'mcp' as const }
const method = { name: 'add' }
const config = (requireConfirmation = false, mode: 'auto' | 'manual' = 'auto') => ({ requireConfirmation, mode })

describe('approvalRule', () => {
  it.each<[string, boolean, ApprovalSettings, ApprovalPolicy, string]>([
    ['nothing chosen: a built-in tool runs', false, {}, 'auto', 'default'],
    ['every call confirmed', true, {}, 'always', 'confirm-every-call'],
    ['every call confirmed, the tool on auto', true, { policies: { math: 'auto' } }, 'always', 'confirm-every-call'],
    ['the tool on always, no confirmation', false, { policies: { math: 'always' } }, 'always', 'tool'],
    ['the tool once, the method always', false, { policies: { math: 'once', math_add: 'always' } }, 'always', 'method'],
    ['the tool always, the method auto', false, { policies: { math: 'always', math_add: 'auto' } }, 'always', 'tool'],
    ['the method once', false, { policies: { math_add: 'once' } }, 'once', 'method'],
    ['every call once, the tool auto', false, { everyCall: 'once', policies: { math: 'auto' } }, 'once', 'every-call'],
  ])('%s', (_, confirm, settings, policy, source) => {
    expect(approvalRule(config(confirm), settings, builtIn, method)).toEqual({ policy, source })
  })

  it('manual mode confirms every call', () => {
    expect(approvalRule(config(false, 'manual'), {}, builtIn, method).policy).toBe('always')
  })

  it("a server's tool runs unless server tools ask; then its read-only claim counts only on a server the person connected", () => {
    const look = { name: 'look', annotations: { readOnlyHint: true } }
    expect(approvalRule(config(), {}, server, look)).toEqual({ policy: 'auto', source: 'default' })
    const asking = { askServerTools: true }
    expect(approvalRule(config(), asking, server, look)).toEqual({ policy: 'always', source: 'server-default' })
    expect(approvalRule(config(), asking, { ...server, connectedByPerson: true }, look).policy).toBe('auto')
    expect(approvalRule(config(), asking, { ...server, connectedByPerson: true }, { name: 'wipe' }).policy).toBe(
      'always',
    )
    // The person's choice decides, and the claim never lowers it.
    expect(approvalRule(config(), { ...asking, policies: { srv: 'auto' } }, server, { name: 'wipe' }).policy).toBe(
      'auto',
    )
    expect(approvalRule(config(true), asking, { ...server, connectedByPerson: true }, look).policy).toBe('always')
  })
})

describe("a session's approval", () => {
  function session(settings: ApprovalSettings) {
    const registry = createToolRegistryManager()
    const math = mathTool()
    registry.register(math)
    const tools = createToolSession({ registry, config: { ...DEFAULT_TOOL_CALL_CONFIG }, approval: settings })
    const request = () =>
      tools.parse('<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>', {
        protocol: 'vcp',
      }).requests[0]!
    return { tools, math, request }
  }

  it('says why a call asks, by its typed rule and by message id', () => {
    const { tools, request } = session({ policies: { math: 'always' } })
    const plan = tools.plan(request())
    expect(plan).toMatchObject({
      verdict: 'needs-approval',
      approvalRule: { policy: 'always', source: 'tool' },
      approvalReason: 'a person approves each call of "math_add" (the policy of its tool)',
      approvalReasonRef: { id: 'plan.approval.always' },
    })
    expect(tools.approvalFor('math', 'add')).toEqual({ policy: 'always', source: 'tool' })
    expect(tools.approvalFor('math', 'nope')).toBeUndefined()
  })

  it('asks once: an approval lets the same call run unasked after, a rejection refuses it unasked', async () => {
    const { tools, math, request } = session({ policies: { math: 'once' } })
    expect(tools.plan(request()).verdict).toBe('needs-approval')
    let asked = 0
    const confirm = () => (asked++, { approved: true })
    await tools.execute([request()], { confirm })
    expect(tools.plan(request()).verdict).toBe('ready')
    await tools.execute([request()], { confirm })
    expect([asked, math.calls.length]).toEqual([1, 2])

    const other = session({ policies: { math: 'once' } })
    const refuse = () => ({ approved: false, reason: 'not now' })
    const [first] = await other.tools.execute([other.request()], { confirm: refuse })
    expect(first?.status).toBe('denied')
    const plan = other.tools.plan(other.request())
    expect([plan.verdict, plan.reason]).toEqual([
      'denied',
      '"math_add" was rejected before with these arguments, and the answer is remembered. not now',
    ])
    const [again] = await other.tools.execute([other.request()], { confirm: () => ({ approved: true }) })
    expect([again?.status, other.math.calls.length]).toEqual(['denied', 0])
  })
})
