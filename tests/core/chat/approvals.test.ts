import { describe, expect, it } from 'vitest'
import { createApprovalGate, createRequestIdSession, type ApprovalDecision, type PendingCall } from '../../../src/core'
import { resolveNativeCall } from '../../../src/core/chat/native'

const call = (routingName: string, args: Record<string, unknown>): PendingCall => {
  const [toolId = '', method = ''] = routingName.split('_')
  return { requestId: 'r', toolName: routingName, routingName, toolId, method, args }
}

function gateWith(policies: Record<string, 'auto' | 'once' | 'always'>, answers: ApprovalDecision[]) {
  const asked: string[] = []
  const gate = createApprovalGate({
    policyFor: (toolId) => policies[toolId] ?? 'always',
    ask: async (pending) => {
      asked.push(`${pending.routingName} ${JSON.stringify(pending.args)}`)
      return answers.shift() ?? { approved: true }
    },
  })
  return { gate, asked }
}

describe('createApprovalGate', () => {
  it("'auto' never asks, 'always' asks every time", async () => {
    const { gate, asked } = gateWith({ calc: 'auto', fs: 'always' }, [])
    expect(await gate.approver(call('calc_evaluate', { expression: '1' }))).toEqual({ approved: true })
    await gate.approver(call('fs_read', { path: '/a' }))
    await gate.approver(call('fs_read', { path: '/a' }))
    expect(asked).toEqual(['fs_read {"path":"/a"}', 'fs_read {"path":"/a"}'])
  })

  it("a call whose tool asks for approval is asked even under 'auto'; approving the round covers it", async () => {
    const { gate, asked } = gateWith({ fs: 'auto' }, [{ approved: false, reason: 'too much' }])
    const big = {
      ...call('fs_delete', { path: '/docs', recursive: true }),
      approvalReason: 'it deletes 9 files under "/docs"',
    }
    expect(await gate.approver(big)).toEqual({ approved: false, reason: 'too much' })
    expect(asked).toHaveLength(1)
    gate.approveRound()
    expect(await gate.approver(big)).toEqual({ approved: true })
    expect(asked).toHaveLength(1)
  })

  it("'once' remembers per tool and arguments, and says when a rejection is remembered", async () => {
    const { gate, asked } = gateWith({ fs: 'once' }, [{ approved: false, reason: 'not that file' }, { approved: true }])
    expect(await gate.approver(call('fs_read', { path: '/secret' }))).toEqual({
      approved: false,
      reason: 'not that file',
    })
    expect(await gate.approver(call('fs_read', { path: '/secret' }))).toEqual({
      approved: false,
      reason: 'not that file (a remembered rejection of this call)',
    })
    expect(await gate.approver(call('fs_read', { path: '/notes' }))).toEqual({ approved: true })
    expect(await gate.approver(call('fs_read', { path: '/notes' }))).toEqual({ approved: true })
    expect(asked).toEqual(['fs_read {"path":"/secret"}', 'fs_read {"path":"/notes"}'])
    expect(gate.remembered(call('fs_read', { path: '/secret' }))?.approved).toBe(false)
  })

  it('approveRound lets the rest of the round through until the next round starts', async () => {
    const { gate, asked } = gateWith({}, [])
    gate.approveRound()
    await gate.approver(call('fs_write', { path: '/a' }))
    expect(asked).toEqual([])
    gate.startRound()
    await gate.approver(call('fs_write', { path: '/a' }))
    expect(asked).toHaveLength(1)
  })
})

describe('resolveNativeCall', () => {
  const resolve = (args: string, name = 'calc_evaluate', id = 'c1') =>
    resolveNativeCall({ id, type: 'function', function: { name, arguments: args } }, createRequestIdSession())

  it('empty arguments mean {}', () => {
    const resolved = resolve('  ')
    expect(resolved.ok).toBe(true)
    expect(resolved.request.arguments).toEqual({})
  })

  it.each([
    ['[1, 2]', /they are an array, not a JSON object/],
    ['null', /they are null, not a JSON object/],
    ['"text"', /they are string, not a JSON object/],
    ['{bad', /they are not valid JSON \(/],
  ])('%s is refused with a reason the model can act on', (args, reason) => {
    const resolved = resolve(args)
    expect(resolved.ok).toBe(false)
    if (!resolved.ok) {
      expect(resolved.result.status).toBe('error')
      expect(resolved.result.result).toMatch(reason)
      expect(resolved.request.rawBlock).toBe(args)
    }
  })

  it('a call without a name is refused; a missing id gets one from the session', () => {
    const resolved = resolve('{}', '', '')
    expect(resolved.ok).toBe(false)
    expect(resolved.request.requestId).toBe('req-1')
    if (!resolved.ok) expect(resolved.result.result).toMatch(/the call has no function name/)
  })
})
