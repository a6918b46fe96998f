/**
 * Quoted calls never run: a call a model writes in a blockquote or in inline code is shown, not
 * called; one in a Markdown code fence is shown and waits for a person, unless the agent lets
 * fenced calls run. Text protocols VCP, Hermes and XML, through the real chat run and tools.
 */
import { describe, expect, it } from 'vitest'
import {
  createChatRun,
  createToolRegistryManager,
  createToolSession,
  DEFAULT_TOOL_CALL_CONFIG,
  type CompletionRequest,
  type ModelClient,
  type ToolCallConfig,
} from '../../../src/core'
import { mathTool } from '../../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const history = [{ role: 'user' as const, content: 'How do I call math_add?' }]

/** One call of math_add(2, 40) in each text protocol, on one line. */
const CALLS: Record<string, string> = {
  vcp: '<<<[TOOL_REQUEST]>>> tool_name:「始」math_add「末」, a:「始」2「末」, b:「始」40「末」 <<<[END_TOOL_REQUEST]>>>',
  hermes: '<tool_call>{"name": "math_add", "arguments": {"a": 2, "b": 40}}</tool_call>',
  xml: '<tool_code>{"name": "math_add", "arguments": {"a": 2, "b": 40}}</tool_code>',
}
const inBlockquote = (call: string): string => `The manual says:\n\n> ${call}\n\nThat is all.`
const inInlineCode = (call: string): string => `Write \`${call}\` to add.`
const inFence = (call: string): string => `Like this:\n\n\`\`\`\n${call}\n\`\`\`\n`

/** A model that streams each scripted reply in pieces. */
function scripted(replies: string[]): ModelClient & { requests: CompletionRequest[] } {
  const requests: CompletionRequest[] = []
  return {
    requests,
    async complete(request, callbacks = {}) {
      requests.push(request)
      const text = replies.shift() ?? 'Done.'
      let sent = ''
      for (let at = 0; at < text.length; at += 9) {
        const delta = text.slice(at, at + 9)
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
  const run = createChatRun({ registry, schedule: (job) => job() })
  return { registry, math, run }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
  expect(check()).toBe(true)
}

describe.each(Object.keys(CALLS))('%s: quoted calls in the chat', (protocol) => {
  const call = CALLS[protocol] as string

  it('a call in a blockquote or in inline code is never run: the reply is the answer', async () => {
    for (const reply of [inBlockquote(call), inInlineCode(call)]) {
      const { run, math, registry } = setup()
      const result = await run.start({ client: scripted([reply]), history, config: config({ protocol }) })
      expect(math.calls).toEqual([])
      expect(result.record.status).toBe('completed')
      expect(result.record.rounds).toHaveLength(1)
      // The card stays, and its plan says why it did not run.
      const [request] = result.record.rounds[0]!.requests
      const plan = createToolSession({ registry, config: config({ protocol }) }).plan(request!)
      expect(plan.verdict).toBe('quoted')
      expect(plan.reason).toMatch(/is quoted .*(blockquote|inline code).*, so it is not a call/)
    }
  })

  it('a call in a code fence waits for a person even under the auto policy, and runs once approved', async () => {
    const { run, math } = setup()
    const done = run.start({ client: scripted([inFence(call), 'It is 42.']), history, config: config({ protocol }) })
    await until(() => run.state.pending.length === 1)
    expect(run.state.pending[0]?.call.approvalReason).toMatch(/inside a Markdown code fence/)
    expect(run.state.rounds[0]?.cards[0]?.state).toBe('awaiting-approval')
    expect(math.calls).toEqual([])
    run.approve(run.state.pending[0]!.id)
    expect((await done).record.status).toBe('completed')
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
  })

  it('an agent that lets fenced calls run runs them without asking (a model that fences every call)', async () => {
    const { run, math } = setup()
    const result = await run.start({
      client: scripted([inFence(call), 'It is 42.']),
      history,
      config: config({ protocol, runFencedCalls: true }),
    })
    expect(result.record.rounds[0]!.results.map((r) => r.status)).toEqual(['success'])
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
  })
})

describe('the json protocol', () => {
  it('writes its calls in a ```json fence: such a call runs as written, unasked', async () => {
    const { run, math } = setup()
    const reply = '```json\n{"tool_calls": [{"name": "math_add", "arguments": {"a": 2, "b": 40}}]}\n```'
    const result = await run.start({
      client: scripted([reply, 'It is 42.']),
      history,
      config: config({ protocol: 'json' }),
    })
    expect(result.record.rounds[0]!.results.map((r) => r.status)).toEqual(['success'])
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
  })
})
