import { describe, expect, it } from 'vitest'
import {
  createChatRun,
  createToolSession,
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  type ChatRunState,
  type CompletionRequest,
  type ModelClient,
  type ToolCallConfig,
} from '../../../src/core'
import { mathTool, unrulyTool } from '../../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const ADD =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」2「末」,\nb:「始」40「末」\n<<<[END_TOOL_REQUEST]>>>'
const history = [{ role: 'user' as const, content: '2 + 40?' }]

/** A model that streams each scripted reply in pieces of `size` characters. */
function scripted(replies: string[], size = 7): ModelClient & { requests: CompletionRequest[] } {
  const requests: CompletionRequest[] = []
  return {
    requests,
    async complete(request, callbacks = {}) {
      requests.push(request)
      const text = replies.shift() ?? 'Done.'
      let sent = ''
      for (let at = 0; at < text.length; at += size) {
        const delta = text.slice(at, at + size)
        sent += delta
        callbacks.onUpdate?.({ content: sent, toolCalls: [] }, delta)
        await Promise.resolve()
      }
      return { content: text, toolCalls: [], finishReason: 'stop' }
    },
  }
}

function setup() {
  const registry = createToolRegistryManager()
  const math = mathTool()
  registry.register(math)
  registry.register(unrulyTool())
  // Streamed pieces are applied at once, so each change can be seen.
  const run = createChatRun({ registry, schedule: (job) => job() })
  return { registry, math, run }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
  expect(check()).toBe(true)
}

describe('createChatRun', () => {
  it('shows a card the moment a block opens and fills it field by field, then runs it and answers', async () => {
    const { run } = setup()
    const seen: { name: string; args: string[]; state: string }[] = []
    run.subscribe((state: ChatRunState) => {
      const card = state.rounds[0]?.cards[0]
      if (card) seen.push({ name: card.toolName, args: Object.keys(card.args), state: card.state })
    })
    const result = await run.start({
      client: scripted([`Let me add.\n${ADD}`, 'It is 42.']),
      history,
      config: config(),
    })
    expect(result.record.status).toBe('completed')
    expect(result.content).toBe('It is 42.')
    // The card existed before its name arrived, then had a name and only the first argument.
    expect(seen[0]).toMatchObject({ name: '', state: 'streaming' })
    expect(seen.some((s) => s.name === 'math_add' && s.args.length === 1 && s.state === 'streaming')).toBe(true)
    expect(seen.at(-1)?.state).toBe('done')
    expect(run.state.status).toBe('completed')
    expect(run.state.rounds).toHaveLength(2)
    expect(run.state.rounds[0]?.cards[0]?.result?.result).toContain('42')
    expect(run.state.rounds[0]?.timings?.modelMs).toBeGreaterThanOrEqual(0)
    expect(result.compact).toContain('[Tool Execution Log]')
  })

  it('asks on the card: approve runs the call, reject sends the reason back as a denied result', async () => {
    const { run, math } = setup()
    const done = run.start({
      client: scripted([`${ADD}\n${ADD}`, 'Done.']),
      history,
      config: config(),
      approval: 'always',
    })
    await until(() => run.state.pending.length === 1)
    const first = run.state.pending[0]!
    expect(first.kind).toBe('call')
    expect(run.state.rounds[0]?.cards[0]?.state).toBe('awaiting-approval')
    run.approve(first.id)
    await until(() => run.state.pending.length === 1 && run.state.pending[0]!.id !== first.id)
    run.reject(run.state.pending[0]!.id, 'not twice')
    const result = await done
    const [ran, denied] = result.record.rounds[0]!.results
    expect(ran?.status).toBe('success')
    expect(denied).toMatchObject({ status: 'denied' })
    expect(denied?.result).toContain('not twice')
    expect(math.calls).toHaveLength(1)
  })

  it('approveAll lets the waiting call and the rest of the round through', async () => {
    const { run, math } = setup()
    const done = run.start({
      client: scripted([`${ADD}\n${ADD}\n${ADD}`, 'Done.']),
      history,
      config: config(),
      approval: 'always',
    })
    await until(() => run.state.pending.length === 1)
    run.approveAll()
    const result = await done
    expect(result.record.rounds[0]!.results.map((r) => r.status)).toEqual(['success', 'success', 'success'])
    expect(math.calls).toHaveLength(3)
  })

  it("'once' answers are remembered in the memory passed in, across runs", async () => {
    const { run } = setup()
    const approvalMemory = new Map()
    const first = run.start({
      client: scripted([ADD, 'Done.']),
      history,
      config: config(),
      approval: 'once',
      approvalMemory,
    })
    await until(() => run.state.pending.length === 1)
    run.approve(run.state.pending[0]!.id)
    await first
    const asked: string[] = []
    const unsubscribe = run.subscribe((state) => state.pending.forEach((p) => asked.push(p.id)))
    const second = await run.start({
      client: scripted([ADD, 'Done.']),
      history,
      config: config(),
      approval: 'once',
      approvalMemory,
    })
    unsubscribe()
    expect(asked).toEqual([])
    expect(second.record.rounds[0]!.results[0]?.status).toBe('success')
  })

  it('result review: the model sees a result only once a person lets it through', async () => {
    const { run } = setup()
    const client = scripted([ADD, 'Done.'])
    const done = run.start({ client, history, config: config(), resultReview: 'always' })
    await until(() => run.state.pending.length === 1)
    expect(run.state.pending[0]).toMatchObject({ kind: 'result', outcome: { status: 'success' } })
    run.reject(run.state.pending[0]!.id, 'private')
    await done
    const sent = client.requests[1]!.messages.at(-1)!.content ?? ''
    expect(sent).not.toContain('42')
    expect(sent).toContain('private')
  })

  it('stop while a question is open: the run ends aborted and nothing is left waiting', async () => {
    const { run, math } = setup()
    const done = run.start({ client: scripted([ADD]), history, config: config(), approval: 'always' })
    await until(() => run.state.pending.length === 1)
    run.stop('changed my mind')
    const result = await done
    expect(result.record.status).toBe('aborted')
    expect(result.record.error).toContain('changed my mind')
    expect(run.state.pending).toEqual([])
    expect(run.state.status).toBe('aborted')
    expect(math.calls).toHaveLength(0)
  })

  it('the manual model waits in state.manualRequest until a reply is written; stop ends the wait', async () => {
    const { run } = setup()
    const done = run.start({ client: run.manualClient(), history, config: config() })
    await until(() => run.state.manualRequest !== null)
    expect(run.state.manualRequest?.messages.at(-1)).toEqual(history[0])
    expect(run.submitManualReply(ADD)).toBe(true)
    await until(() => run.state.rounds.length === 2 && run.state.manualRequest !== null)
    expect(run.state.manualRequest?.messages.at(-1)?.content).toContain('<<<[TOOL_RESULT]>>>')
    run.stop()
    const result = await done
    expect(result.record.status).toBe('aborted')
    expect(run.state.manualRequest).toBeNull()
    expect(run.submitManualReply('late')).toBe(false)
  })

  it('semi-automatic: requests wait as cards, and runRequest runs one by hand', async () => {
    const { run, math, registry } = setup()
    const result = await run.start({
      client: scripted([ADD]),
      history,
      config: config(),
      flow: 'semi-automatic',
      calling: 'native',
    })
    expect(result.record.calling).toBe('text')
    expect(result.awaiting).toHaveLength(1)
    expect(math.calls).toHaveLength(0)
    // The person's click is the approval: a config that confirms every call asks nothing here.
    const toolSession = createToolSession({ registry, config: config({ requireConfirmation: true }) })
    const ran = await run.runRequest(result.awaiting[0]!, { toolSession })
    expect(ran.status).toBe('success')
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
  })

  it('native: markup the server left in the text shows a notice; Parse and run runs its calls as tool_calls and goes on', async () => {
    const { run, math } = setup()
    const client = scripted([
      '<tool_call>{"name": "math_add", "arguments": {"a": 2, "b": 40}}</tool_call>',
      'It is 42.',
    ])
    const done = run.start({ client, history, config: config(), calling: 'native', model: 'Qwen2.5-7B-Instruct' })
    await until(() => run.state.rounds[0]?.contentCalls?.state === 'asking')
    expect(run.state.rounds[0]?.contentCalls).toMatchObject({
      calls: 1,
      formats: [{ id: 'hermes', serverFlags: { vllm: '--tool-call-parser hermes' } }],
    })
    expect(run.state.status).toBe('running')
    expect(math.calls).toEqual([])
    expect(run.takeContentCalls()).toBe(true)
    const result = await done
    expect(result.record.status).toBe('completed')
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
    expect(run.state.rounds[0]?.contentCalls?.state).toBe('taken')
    expect(run.state.rounds[0]?.cards.map((c) => [c.toolName, c.state, c.result?.status])).toEqual([
      ['math_add', 'done', 'success'],
    ])
    const sent = client.requests[1]!.messages
    expect(sent.at(-2)).toMatchObject({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call-1', function: { name: 'math_add', arguments: '{"a":2,"b":40}' } }],
    })
    expect(sent.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call-1' })
    expect(result.content).toBe('It is 42.')
    expect(run.takeContentCalls()).toBe(false)
  })

  it('native: calls read from the text go through approvals; dismissing the notice ends the run with the reply as the answer', async () => {
    const { run, math } = setup()
    const markup = '<tool_call>{"name": "math_add", "arguments": {"a": 1}}</tool_call>'
    const approved = run.start({
      client: scripted([markup, 'One.']),
      history,
      config: config(),
      calling: 'native',
      approval: 'always',
    })
    await until(() => run.state.rounds[0]?.contentCalls?.state === 'asking')
    run.takeContentCalls()
    await until(() => run.state.pending.length === 1)
    expect(run.state.rounds[0]?.cards[0]?.state).toBe('awaiting-approval')
    run.approve(run.state.pending[0]!.id)
    expect((await approved).record.status).toBe('completed')
    expect(math.calls).toEqual([{ a: 1, b: 0 }])

    const dismissed = run.start({ client: scripted([markup]), history, config: config(), calling: 'native' })
    await until(() => run.state.rounds[0]?.contentCalls?.state === 'asking')
    expect(run.dismissContentCalls()).toBe(true)
    const result = await dismissed
    expect(result.record.status).toBe('completed')
    expect(result.record.rounds).toHaveLength(1)
    expect(run.state.rounds[0]?.contentCalls?.state).toBe('dismissed')
    expect(math.calls).toHaveLength(1)
  })

  it('one run at a time; a disposed run starts no more', async () => {
    const { run } = setup()
    const first = run.start({ client: run.manualClient(), history, config: config() })
    await expect(run.start({ client: scripted(['x']), history, config: config() })).rejects.toThrow(
      'already in progress',
    )
    run.dispose()
    expect((await first).record.status).toBe('aborted')
    await expect(run.start({ client: scripted(['x']), history, config: config() })).rejects.toThrow('disposed')
  })

  it('makes its state observable through the reactive function it is given, and changes it only through it', async () => {
    const writes: string[] = []
    const observe = <T extends object>(state: T): T =>
      new Proxy(state, {
        set(target, key, value) {
          writes.push(String(key))
          return Reflect.set(target, key, value)
        },
      })
    const registry = createToolRegistryManager()
    registry.register(mathTool())
    const run = createChatRun({ registry, reactive: observe, schedule: (job) => job() })
    await run.start({ client: scripted(['Hello.']), history, config: config() })
    expect(writes).toEqual(expect.arrayContaining(['status', 'rounds', 'pending', 'manualRequest', 'error']))
  })
})
