import { describe, expect, it } from 'vitest'
import { createManualReplies } from '../../../../src/core/chat/run/manual-replies'
import { createRunState } from '../../../../src/core/chat/run/run-state'
import type { CompletionRequest } from '../../../../src/core'

const request: CompletionRequest = { messages: [{ role: 'user', content: 'hi' }] }

function setup() {
  const store = createRunState()
  let announced = 0
  store.subscribe(() => announced++)
  return { state: store.state, manual: createManualReplies(store.state, store.changed), announced: () => announced }
}

describe('createManualReplies', () => {
  it('a request waits in state.manualRequest until its reply is submitted', async () => {
    const { state, manual, announced } = setup()
    expect(manual.submit('too early')).toBe(false)
    const reply = manual.client().complete(request)
    await Promise.resolve()
    expect(state.manualRequest).toBe(request)
    expect(manual.submit('Hello.')).toBe(true)
    expect(state.manualRequest).toBeNull()
    expect((await reply).content).toBe('Hello.')
    expect(announced()).toBe(2)
    expect(manual.submit('again')).toBe(false)
  })

  it('cancel fails the waiting request with the reason', async () => {
    const { manual } = setup()
    const reply = manual.client().complete(request)
    await Promise.resolve()
    manual.cancel('stopped by the user')
    await expect(reply).rejects.toThrow('stopped by the user')
    expect(manual.submit('late')).toBe(false)
  })

  it('forget drops the waiting request unanswered', async () => {
    const { manual } = setup()
    let settled = false
    void manual
      .client()
      .complete(request)
      .finally(() => (settled = true))
    await Promise.resolve()
    manual.forget()
    expect(manual.submit('late')).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(settled).toBe(false)
  })
})
