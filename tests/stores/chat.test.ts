// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { useChatStore } from '../../src/stores/chat'
import { useGroupsStore } from '../../src/stores/groups'
import { freshPinia, useFreshApp } from '../helpers-ui'

const CALC =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」2+2「末」\n<<<[END_TOOL_REQUEST]>>>'

/** Waits until the store asks the manual model for a reply (or the run ends). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(check()).toBe(true)
}

describe('chat store', () => {
  useFreshApp()

  it('the manual model: the user writes each reply and the loop runs on it', async () => {
    const chat = useChatStore()
    chat.send('What is 2+2?')
    await until(() => Boolean(chat.live?.run.manualRequest))
    // The request the "model" got: system prompt with the tools, then the user's message.
    expect(chat.live?.run.manualRequest?.messages[0]?.content).toContain('calc_evaluate')
    expect(chat.live?.run.manualRequest?.messages.at(-1)).toEqual({ role: 'user', content: 'What is 2+2?' })
    chat.submitManualReply(CALC)
    await until(() => chat.live?.run.rounds.length === 2 && Boolean(chat.live.run.manualRequest))
    expect(chat.live?.run.rounds[0]?.cards[0]?.result?.status).toBe('success')
    expect(chat.live?.run.manualRequest?.messages.at(-1)?.content).toContain('<<<[TOOL_RESULT]>>>')
    chat.submitManualReply('It is 4.')
    await until(() => !chat.running)
    const reply = chat.activeSession.messages.at(-1)
    expect(reply).toMatchObject({ role: 'assistant', content: 'It is 4.', status: 'completed' })
    expect(reply?.run?.rounds).toHaveLength(2)
    expect(reply?.wire?.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant'])
    expect(chat.activeSession.title).toBe('What is 2+2?')
  })

  it('after a reload, new request ids do not repeat the ones the session already used', async () => {
    /** One turn with the manual model: a calculation, then an answer. */
    async function turn(chat: ReturnType<typeof useChatStore>, text: string): Promise<void> {
      chat.send(text)
      for (const reply of [CALC, 'done']) {
        await until(() => Boolean(chat.live?.run.manualRequest))
        chat.submitManualReply(reply)
      }
      await until(() => !chat.running)
    }
    await turn(useChatStore(), 'one')
    freshPinia()
    const reloaded = useChatStore()
    await turn(reloaded, 'two')
    const ids = reloaded.activeSession.messages.flatMap(
      (m) => m.run?.rounds.flatMap((r) => r.requests.map((q) => q.requestId)) ?? [],
    )
    expect(ids).toEqual(['req-1', 'req-2'])
  })

  it('stop while the manual model waits ends the run as aborted and keeps the session usable', async () => {
    const chat = useChatStore()
    chat.send('Anything')
    await until(() => Boolean(chat.live?.run.manualRequest))
    chat.stop()
    await until(() => !chat.running)
    expect(chat.activeSession.messages.at(-1)).toMatchObject({
      status: 'aborted',
      error: 'Aborted: stopped by the user.',
    })
  })

  it('the message shows at once and the run starts just after; stopped in between, no run starts and the next message runs', async () => {
    const chat = useChatStore()
    chat.send('First')
    // Running already (a second send is refused), but the reply does not exist yet.
    expect(chat.running).toBe(true)
    expect(chat.activeSession.messages.map((m) => m.role)).toEqual(['user'])
    chat.send('Refused while running')
    chat.stop()
    expect(chat.running).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(chat.activeSession.messages.map((m) => m.content)).toEqual(['First'])
    chat.send('Second')
    await until(() => Boolean(chat.live?.run.manualRequest))
    expect(chat.live?.run.manualRequest?.messages.at(-1)).toEqual({ role: 'user', content: 'Second' })
  })

  it('semi-automatic: cards wait for the user; each result becomes a user message; then the conversation goes on', async () => {
    const chat = useChatStore()
    chat.activeAgent.flow = 'semi-automatic'
    chat.send('Add it up')
    await until(() => Boolean(chat.live?.run.manualRequest))
    chat.submitManualReply(CALC)
    await until(() => !chat.running)
    const reply = chat.activeSession.messages.at(-1)!
    expect(reply.semi?.requests.map((r) => r.toolName)).toEqual(['calc_evaluate'])
    expect(reply.run?.rounds[0]?.results).toEqual([])
    await chat.runSemiRequest(reply.id, reply.semi!.requests[0]!.requestId)
    const resultMessage = chat.activeSession.messages.find((m) => m.kind === 'tool-result')
    expect(JSON.parse(resultMessage!.content)).toMatchObject({
      tool_call_result: { toolCallId: reply.semi!.requests[0]!.requestId },
    })
    await until(() => Boolean(chat.live?.run.manualRequest))
    expect(chat.live?.run.manualRequest?.messages.at(-1)?.content).toBe(resultMessage!.content)
    chat.stop()
    await until(() => !chat.running)
  })

  it('native calling: Hermes markup in the reply text shows a notice; Parse and run runs it and sends role "tool" results', async () => {
    const chat = useChatStore()
    chat.activeAgent.calling = 'native'
    chat.send('What is 6*7?')
    await until(() => Boolean(chat.live?.run.manualRequest))
    chat.submitManualReply('<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "6*7"}}</tool_call>')
    await until(() => chat.live?.run.rounds[0]?.contentCalls?.state === 'asking')
    expect(chat.live?.run.rounds[0]?.contentCalls).toMatchObject({ calls: 1, formats: [{ id: 'hermes' }] })
    chat.takeContentCalls()
    await until(() => chat.live?.run.rounds.length === 2 && Boolean(chat.live.run.manualRequest))
    expect(chat.live?.run.rounds[0]?.cards[0]?.result).toMatchObject({ status: 'success' })
    const sent = chat.live?.run.manualRequest?.messages ?? []
    expect(sent.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ function: { name: 'calc_evaluate', arguments: '{"expression":"6*7"}' } }],
    })
    expect(sent.at(-1)).toMatchObject({ role: 'tool' })
    expect(sent.at(-1)?.content).toContain('"result": 42')
    chat.submitManualReply('It is 42.')
    await until(() => !chat.running)
    const reply = chat.activeSession.messages.at(-1)
    expect(reply).toMatchObject({ content: 'It is 42.', status: 'completed' })
    expect(reply?.run?.rounds[0]?.contentCalls).toEqual({
      formats: [{ id: 'hermes', label: 'Hermes <tool_call>' }],
      calls: 1,
      taken: true,
    })
    expect(reply?.wire?.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant'])
  })

  it('sessions: create, rename, delete (never zero), and the manual endpoint cannot be removed', () => {
    const chat = useChatStore()
    const first = chat.activeSession.id
    const second = chat.createSession()
    expect(chat.activeSession.id).toBe(second.id)
    chat.renameSession(second.id, '  Renamed  ')
    expect(chat.sessions.find((s) => s.id === second.id)?.title).toBe('Renamed')
    chat.renameSession(second.id, '   ')
    expect(chat.sessions.find((s) => s.id === second.id)?.title).toBe('Renamed')
    chat.deleteSession(second.id)
    expect(chat.activeSession.id).toBe(first)
    chat.deleteSession(first)
    expect(chat.sessions).toHaveLength(1)
    chat.deleteProfile('manual')
    expect(chat.profiles.some((p) => p.id === 'manual')).toBe(true)
    const profile = chat.addProfile()
    chat.activeSession.profileId = profile.id
    chat.deleteProfile(profile.id)
    expect(chat.activeSession.profileId).toBe('manual')
  })

  /** A semi-automatic turn whose reply is `reply`: the message that holds its cards. */
  async function semiTurn(chat: ReturnType<typeof useChatStore>, reply: string) {
    chat.activeAgent.flow = 'semi-automatic'
    chat.send('Go')
    await until(() => Boolean(chat.live?.run.manualRequest))
    chat.submitManualReply(reply)
    await until(() => !chat.running)
    const message = chat.activeSession.messages.at(-1)!
    return { message, request: message.semi!.requests[0]! }
  }

  it("a semi-automatic card runs with the conversation's variables, as its plan says, and its result is kept (the run ignored them)", async () => {
    const chat = useChatStore()
    chat.activeVariables.set({ name: 'sum', value: '2+3', type: 'user' })
    const { message, request } = await semiTurn(chat, CALC.replace('2+2', '$VAR_REF{{sum}}'))
    expect(chat.planFor(request)).toMatchObject({ verdict: 'ready', args: { expression: '2+3' } })
    await chat.runSemiRequest(message.id, request.requestId)
    expect(message.semi!.results[request.requestId]).toMatchObject({ status: 'success' })
    expect(message.semi!.results[request.requestId]!.result).toContain('5')
    expect(chat.activeVariables.peek(`calc_evaluate/${request.requestId}/result`)?.value).toContain('5')
    chat.stop()
    await until(() => !chat.running)
  })

  it('a card for a tool whose group is off says "disabled" and does not run, as the loop would (it said "ready" and ran)', async () => {
    const chat = useChatStore()
    useGroupsStore().setGroup('Compute', false)
    const { message, request } = await semiTurn(chat, CALC)
    expect(chat.planFor(request).verdict).toBe('disabled')
    await chat.runSemiRequest(message.id, request.requestId)
    const result = message.semi!.results[request.requestId]
    expect(result?.status).not.toBe('success')
    expect(result?.result).toContain('switched off')
    chat.stop()
    await until(() => !chat.running)
  })

  it("a card's plan is worked out once, not on every render, and again when the settings change", async () => {
    const chat = useChatStore()
    const { request } = await semiTurn(chat, CALC)
    const plan = chat.planFor(request)
    expect(chat.planFor(request)).toBe(plan)
    expect(plan.verdict).toBe('ready')
    useGroupsStore().setGroup('Compute', false)
    expect(chat.planFor(request).verdict).toBe('disabled')
  })
})
