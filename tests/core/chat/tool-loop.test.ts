import { describe, expect, it } from 'vitest'
import {
  createApprovalGate,
  createOpenAIClient,
  createRequestIdSession,
  isFinalAnswerInstruction,
  runToolLoop,
  type ChatMessage,
  type ModelClient,
  type StreamEvent,
  type ToolLoopOptions,
} from '../../../src/core'
import { config, useChatFixture } from './chat-fixtures'

const fixture = useChatFixture()
const user = (content: string): ChatMessage => ({ role: 'user', content })
const today = new Date(2026, 10, 22, 15, 42, 7)

function run(model: string, overrides: Partial<ToolLoopOptions> = {}) {
  return runToolLoop({
    client: createOpenAIClient({ baseUrl: fixture.server.baseUrl, model }),
    history: [user('What is 6 * 7, and what is "VCP Workbench" in base64?')],
    config: config(),
    registry: fixture.registry,
    today,
    ...overrides,
  })
}

describe('runToolLoop, text protocol (VCP)', () => {
  it('completed: two rounds of calls, then an answer that saw the results', async () => {
    const events: StreamEvent['type'][] = []
    const started: string[] = []
    const { record, messages, content } = await run('vcp-two-rounds', {
      agentPrompt: 'You are a careful assistant.',
      callbacks: {
        onStreamEvents: (list) => events.push(...list.map((e) => e.type)),
        onToolCallStart: (request) => started.push(request.toolName),
      },
    })
    expect(record.status).toBe('completed')
    expect(record.rounds.map((r) => r.requests.map((q) => q.toolName))).toEqual([
      ['calc_evaluate'],
      ['text_base64Encode'],
      [],
    ])
    expect(record.rounds[0]?.results[0]?.status).toBe('success')
    expect(JSON.parse(record.rounds[0]?.results[0]?.result ?? '')).toEqual({ expression: '6 * 7', result: 42 })
    expect(record.rounds[1]?.results[0]).toMatchObject({ status: 'success', result: 'VkNQIFdvcmtiZW5jaA==' })
    expect(started).toEqual(['calc_evaluate', 'text_base64Encode'])
    // The streaming parser saw each block open and close while the reply arrived in pieces.
    expect(events.filter((e) => e === 'block-open')).toHaveLength(2)
    expect(events.filter((e) => e === 'block-close').length).toBeGreaterThanOrEqual(1)
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant'])
    expect(messages[1]?.content).toContain('<<<[TOOL_RESULT]>>>')
    expect(content).toContain('VkNQIFdvcmtiZW5jaA==')
    expect(record.usage.total_tokens).toBe(record.rounds.reduce((sum, r) => sum + (r.usage?.total_tokens ?? 0), 0))
    expect(record.rounds.every((r) => r.timings.modelMs >= 0 && r.timings.firstTokenMs !== undefined)).toBe(true)

    const [first, third] = [fixture.server.chatRequests().at(-3), fixture.server.chatRequests().at(-1)]
    const system = first?.messages[0]?.content ?? ''
    expect(first?.messages[0]?.role).toBe('system')
    expect(system.startsWith('You are a careful assistant.')).toBe(true)
    expect(system).toContain('calc_evaluate')
    // Date without time, so the prompt is the same all day.
    expect(system).toContain("Today's date: 2026-11-22.")
    expect(system).not.toMatch(/15:42/)
    expect(third?.messages.at(-1)?.content).toContain('VkNQIFdvcmtiZW5jaA==')
    expect(first?.tools).toBeUndefined()
  })

  it('request ids stay unique across rounds and runs of one session', async () => {
    const session = createRequestIdSession()
    const a = await run('vcp-two-rounds', { session })
    const b = await run('vcp-two-rounds', { session })
    const ids = [...a.record.rounds, ...b.record.rounds].flatMap((r) => r.requests.map((q) => q.requestId))
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
  })

  it('max_iterations: after the limit, one last request without tools asks for the final answer', async () => {
    const { record, content, messages } = await run('vcp-loop', { config: config({ maxIterations: 2 }) })
    expect(record.status).toBe('max_iterations')
    expect(record.rounds.map((r) => r.kind)).toEqual(['tools', 'tools', 'final-answer'])
    expect(record.rounds.slice(0, 2).every((r) => r.results.length === 1)).toBe(true)
    expect(content).toBe('Final answer: I stopped calling tools at the round limit.')
    const last = fixture.server.chatRequests().at(-1)
    expect(isFinalAnswerInstruction(last?.messages.at(-1)?.content ?? null)).toBe(true)
    expect(messages.at(-2)?.content).toMatch(/You have used all 2 tool rounds/)
  })

  it('error: an HTTP failure ends the run with the server message', async () => {
    const { record } = await run('http-500')
    expect(record.status).toBe('error')
    expect(record.error).toMatch(/500 server error .*The model crashed/)
    expect(record.rounds).toHaveLength(1)
    expect(record.rounds[0]?.error).toBe(record.error)
  })

  it('error: a broken stream keeps the partial reply in the record', async () => {
    const { record, content } = await run('drop-mid-stream')
    expect(record.status).toBe('error')
    expect(record.error).toMatch(/broke after/)
    expect(content.length).toBeGreaterThan(0)
    expect(record.rounds[0]?.content).toBe(content)
  })

  it('aborted mid-stream: the stream stops at once and the partial reply is kept', async () => {
    const controller = new AbortController()
    const { record, content } = await run('slow-reply', {
      signal: controller.signal,
      callbacks: {
        onResponseUpdate: (text) => text.length > 30 && controller.abort(new Error('the user pressed Stop')),
      },
    })
    expect(record.status).toBe('aborted')
    expect(record.error).toBe('Aborted: the user pressed Stop.')
    expect(content.length).toBeGreaterThan(30)
    expect(content.length).toBeLessThan(2000)
  })

  it('aborted mid-block: the partial request stays in the record as not run, and nothing runs', async () => {
    const controller = new AbortController()
    const completed: string[] = []
    const { record } = await run('slow-block', {
      signal: controller.signal,
      callbacks: {
        onResponseUpdate: (text) =>
          text.includes('A line of the long note.') && controller.abort(new Error('the user pressed Stop')),
        onToolCallComplete: (result) => completed.push(result.status),
      },
    })
    expect(record.status).toBe('aborted')
    expect(record.rounds[0]?.requests.map((r) => r.toolName)).toEqual(['fs_write'])
    expect(record.rounds[0]?.results).toEqual([
      expect.objectContaining({
        toolName: 'fs_write',
        status: 'aborted',
        result: '"fs_write" was not run: the reply was stopped before the request was complete.',
      }),
    ])
    expect(completed).toEqual(['aborted'])
    const fs = fixture.registry.get('fs') as unknown as {
      tree(args: { path: string; depth: number }): Promise<unknown>
    }
    expect(String(await fs.tree({ path: '/', depth: 4 }))).not.toContain('long.md')
  })

  it('aborted mid-tool: the running tool is stopped and no further request is made', async () => {
    const controller = new AbortController()
    const before = fixture.server.chatRequests().length
    const { record, messages } = await run('slow-tool', {
      signal: controller.signal,
      callbacks: { onToolCallStart: () => setTimeout(() => controller.abort(new Error('the user pressed Stop')), 100) },
    })
    expect(record.status).toBe('aborted')
    expect(record.rounds).toHaveLength(1)
    expect(record.rounds[0]?.results[0]).toMatchObject({ toolName: 'js_evaluate', status: 'aborted' })
    // Stopped well before the tool's own 20 s limit.
    expect(record.rounds[0]?.results[0]?.durationMs).toBeLessThan(10_000)
    expect(fixture.server.chatRequests().length - before).toBe(1)
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'user'])
  })

  it('approvals: a rejection with a reason reaches the model, an approval runs the call', async () => {
    const asked: string[] = []
    const gate = createApprovalGate({
      policyFor: () => 'always',
      ask: async (call) => {
        asked.push(call.routingName)
        return call.routingName === 'calc_evaluate'
          ? { approved: true }
          : { approved: false, reason: 'no encoding today' }
      },
    })
    const { record, content } = await run('vcp-two-rounds', { approver: gate.approver })
    expect(asked).toEqual(['calc_evaluate', 'text_base64Encode'])
    expect(record.rounds[0]?.results[0]?.status).toBe('success')
    expect(record.rounds[1]?.results[0]).toMatchObject({
      status: 'denied',
      result: 'The user declined the call to "text_base64Encode". Reason: no encoding today',
    })
    expect(content).toContain('Reason: no encoding today')
  })

  it("an agent's presets fill what the model leaves out; the model's own values win", async () => {
    // calc_evaluate: the model gives the expression, the preset the precision.
    const { record } = await run('vcp-two-rounds', { presets: { calc: { precision: 1, expression: 'ignored' } } })
    expect(JSON.parse(record.rounds[0]?.results[0]?.result ?? '')).toEqual({ expression: '6 * 7', result: 40 })
  })

  it('semi-automatic (execute: false): requests are recorded, nothing runs', async () => {
    const { record, messages } = await run('vcp-two-rounds', { execute: false })
    expect(record.status).toBe('completed')
    expect(record.rounds).toHaveLength(1)
    expect(record.rounds[0]?.requests[0]?.args).toEqual({ expression: '6 * 7' })
    expect(record.rounds[0]?.results).toEqual([])
    expect(messages.map((m) => m.role)).toEqual(['assistant'])
  })

  it('tool calling off: one request, no tools prompt, nothing parsed', async () => {
    const { record } = await run('vcp-two-rounds', { config: config({ enabled: false }) })
    expect(record.status).toBe('completed')
    expect(record.rounds[0]?.requests).toEqual([])
    expect(fixture.server.chatRequests().at(-1)?.messages[0]?.content).not.toContain('calc_evaluate')
  })

  it('an unknown protocol is an error before any request', async () => {
    const before = fixture.server.chatRequests().length
    const { record } = await run('echo', { config: config({ protocol: 'nope' }) })
    expect(record.status).toBe('error')
    expect(record.error).toMatch(/^The request could not be prepared: Unknown protocol "nope"/)
    expect(fixture.server.chatRequests().length).toBe(before)
  })

  it('onBeforeSend can rewrite what is sent without changing the run', async () => {
    await run('echo', { callbacks: { onBeforeSend: (messages) => [...messages.slice(0, -1), user('rewritten')] } })
    expect(fixture.server.chatRequests().at(-1)?.messages.at(-1)?.content).toBe('rewritten')
  })
})

describe('runToolLoop, native function calling', () => {
  it('completed: tools sent as definitions, results as role "tool" messages', async () => {
    const seen: string[] = []
    const { record, messages } = await run('native-two-rounds', {
      calling: 'native',
      callbacks: { onToolCallsUpdate: (calls) => seen.push(calls.map((c) => c.function.arguments).join('|')) },
    })
    expect(record.status).toBe('completed')
    expect(record.calling).toBe('native')
    // The calls were reported while their argument text was still growing.
    expect(seen.length).toBeGreaterThan(4)
    expect(seen[0]).toBe('')
    expect(seen).toContain('{"expression":"6 * 7"}|{"text":"VCP Workbench"}')
    expect(seen.at(-1)).toBe('{"from":"2026-01-01","to":"2026-03-01","unit":"days"}')
    expect(record.rounds[0]?.results.map((r) => [r.requestId, r.status])).toEqual([
      ['call_calc', 'success'],
      ['call_b64', 'success'],
    ])
    expect(record.rounds[0]?.results[1]?.result).toBe('VkNQIFdvcmtiZW5jaA==')
    expect(record.rounds[1]?.results[0]).toMatchObject({ toolName: 'datetime_diff', status: 'success' })
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant'])
    expect(messages[1]).toEqual({
      role: 'tool',
      tool_call_id: 'call_calc',
      content: record.rounds[0]?.results[0]?.result,
    })
    const first = fixture.server.chatRequests().at(-3)
    const names = first?.tools?.map((t) => t.function.name) ?? []
    expect(names).toContain('calc_evaluate')
    expect(names).not.toContain('fs_wipe')
    expect(first?.messages[0]?.content).not.toContain('<<<[TOOL_REQUEST]>>>')
  })

  it('arguments that are not JSON go back as an error result; the corrected call runs; the record keeps both', async () => {
    const { record, messages } = await run('native-bad-json', { calling: 'native' })
    expect(record.status).toBe('completed')
    const bad = record.rounds[0]
    expect(bad?.toolCalls[0]?.function.arguments).toBe('{"expression": "6 * 7"')
    expect(bad?.requests[0]?.valid).toBe(false)
    expect(bad?.results[0]?.status).toBe('error')
    expect(bad?.results[0]?.result).toMatch(
      /^The arguments of call "call_bad" to "calc_evaluate" were not run: they are not valid JSON \(.+\)\. Arguments received: \{"expression": "6 \* 7"\. Send the call again/,
    )
    expect(messages[1]).toMatchObject({ role: 'tool', tool_call_id: 'call_bad' })
    expect(messages[1]?.content).toMatch(/^\[error\] /)
    expect(record.rounds[1]?.results[0]).toMatchObject({ requestId: 'call_fixed', status: 'success' })
  })

  it('max_iterations in native mode sends the final request without tools', async () => {
    const { record } = await run('native-two-rounds', { calling: 'native', config: config({ maxIterations: 1 }) })
    expect(record.status).toBe('max_iterations')
    expect(fixture.server.chatRequests().at(-1)?.tools).toBeUndefined()
  })
})

describe('runToolLoop with a client that is not HTTP', () => {
  it('runs on any ModelClient (a person writing the replies)', async () => {
    const replies = [
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」2+2「末」\n<<<[END_TOOL_REQUEST]>>>',
      'It is 4.',
    ]
    const client: ModelClient = { complete: async () => ({ content: replies.shift() ?? '', toolCalls: [] }) }
    const { record, content } = await runToolLoop({
      client,
      history: [user('2+2?')],
      config: config(),
      registry: fixture.registry,
    })
    expect(record.status, JSON.stringify(record)).toBe('completed')
    expect(record.rounds[0]?.results[0]?.result).toContain('"result": 4')
    expect(content).toBe('It is 4.')
  })
})
