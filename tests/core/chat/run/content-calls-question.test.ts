import { describe, expect, it } from 'vitest'
import { emptyRound } from '../../../../src/core/chat/live-round'
import type { ContentToolCalls } from '../../../../src/core/chat/content-calls'
import { createContentCallsQuestion } from '../../../../src/core/chat/run/content-calls-question'

const found: ContentToolCalls = {
  formats: [{ id: 'hermes', label: 'Hermes' }],
  calls: [{ id: 'c1', type: 'function', function: { name: 'math_add', arguments: '{"a":2}' } }],
  prose: '',
}
const applyNow = (job: () => void): void => job()

describe('createContentCallsQuestion', () => {
  it("shows the question on the round's notice and resolves with the answer", async () => {
    const question = createContentCallsQuestion()
    const round = emptyRound(0, 'tools')
    const answer = question.ask(found, round, new AbortController().signal, applyNow)
    expect(round.contentCalls).toEqual({ formats: found.formats, calls: 1, state: 'asking' })
    expect(question.answer(true)).toBe(true)
    expect(await answer).toBe(true)
    expect(round.contentCalls?.state).toBe('taken')
    expect(question.answer(false)).toBe(false)
  })

  it('a dismissal marks the notice dismissed', async () => {
    const question = createContentCallsQuestion()
    const round = emptyRound(0, 'tools')
    const answer = question.ask(found, round, new AbortController().signal, applyNow)
    question.answer(false)
    expect(await answer).toBe(false)
    expect(round.contentCalls?.state).toBe('dismissed')
  })

  it('answers false at once when the run is stopped or the round has no view', async () => {
    const question = createContentCallsQuestion()
    const stopped = new AbortController()
    stopped.abort()
    const round = emptyRound(0, 'tools')
    expect(await question.ask(found, round, stopped.signal, applyNow)).toBe(false)
    expect(round.contentCalls).toBeUndefined()
    expect(await question.ask(found, undefined, new AbortController().signal, applyNow)).toBe(false)
    expect(question.answer(true)).toBe(false)
  })
})
