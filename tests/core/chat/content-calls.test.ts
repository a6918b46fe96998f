import { describe, expect, it } from 'vitest'
import {
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  findContentToolCalls,
  runToolLoop,
  serverFlagsHint,
  type Completion,
  type CompletionRequest,
  type ContentToolCalls,
  type ModelClient,
  type NativeToolDefinition,
} from '../../../src/core'
import { mathTool } from '../../fixtures/tools'

const CALC: NativeToolDefinition = {
  type: 'function',
  function: {
    name: 'calc_evaluate',
    description: 'Evaluates an expression.',
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
}
const ADD: NativeToolDefinition = {
  type: 'function',
  function: {
    name: 'math_add',
    description: 'Adds two numbers.',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a'] },
  },
}
const HERMES = '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "6*7"}}</tool_call>'
const QWEN3_CODER =
  'Let me add them.\n<tool_call>\n<function=math_add>\n<parameter=a>\n2\n</parameter>\n<parameter=b>\n40\n</parameter>\n</function>\n</tool_call>'

describe('findContentToolCalls', () => {
  it('reads Hermes markup as the tool_calls the server should have returned, with the flag that parses it', () => {
    const found = findContentToolCalls(HERMES, { model: 'Qwen/Qwen2.5-7B-Instruct', tools: [CALC] })
    expect(found?.calls).toEqual([
      { id: 'call-1', type: 'function', function: { name: 'calc_evaluate', arguments: '{"expression":"6*7"}' } },
    ])
    expect(found?.formats.map((f) => [f.id, f.label])).toEqual([['hermes', 'Hermes <tool_call>']])
    expect(found?.prose).toBe('')
    expect(serverFlagsHint(found!.formats)).toBe(
      'vLLM: --enable-auto-tool-choice --tool-call-parser hermes; SGLang: --tool-call-parser qwen25; llama.cpp: Hermes 2 Pro (--jinja)',
    )
  })

  it('reads a Qwen3-Coder reply, values typed by the tools schema, and keeps the prose around it', () => {
    const found = findContentToolCalls(QWEN3_CODER, { model: 'Qwen/Qwen3-Coder-30B-A3B-Instruct', tools: [ADD] })
    expect(found?.formats.map((f) => f.id)).toEqual(['qwen3-coder'])
    expect(found?.calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['math_add', { a: 2, b: 40 }],
    ])
    expect(found?.prose).toBe('Let me add them.')
    expect(serverFlagsHint(found!.formats)).toMatch(
      /^vLLM: --enable-auto-tool-choice --tool-call-parser qwen3_coder.*; SGLang: --tool-call-parser qwen3_coder/,
    )
  })

  it('finds nothing in prose that merely mentions <tool_call>, in reasoning, or in plain answers', () => {
    expect(
      findContentToolCalls('Qwen wraps each call in <tool_call> tags; the server turns them into tool_calls.', {
        tools: [CALC],
      }),
    ).toBeNull()
    expect(
      findContentToolCalls(`<think>Maybe ${HERMES}? No, I know it.</think>It is 42.`, { tools: [CALC] }),
    ).toBeNull()
    expect(findContentToolCalls('It is 42.', { tools: [CALC] })).toBeNull()
    expect(findContentToolCalls('', { tools: [CALC] })).toBeNull()
  })

  it('names the format per flag when a reply mixes formats', () => {
    const hint = serverFlagsHint([
      { id: 'a', label: 'A', serverFlags: { vllm: '--tool-call-parser a' } },
      { id: 'b', label: 'B', serverFlags: { sglang: '--tool-call-parser b' } },
      { id: 'c', label: 'C' },
    ])
    expect(hint).toBe('A: vLLM: --enable-auto-tool-choice --tool-call-parser a | B: SGLang: --tool-call-parser b')
  })
})

/** Replies in order, each with content and optional tool_calls. */
function scripted(replies: Completion[]): ModelClient & { requests: CompletionRequest[] } {
  const requests: CompletionRequest[] = []
  return {
    requests,
    async complete(request) {
      requests.push(JSON.parse(JSON.stringify(request)) as CompletionRequest)
      return replies.shift() ?? { content: 'Done.', toolCalls: [] }
    },
  }
}

function loopSetup() {
  const registry = createToolRegistryManager()
  const math = mathTool()
  registry.register(math)
  const config = { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {} }
  return { registry, math, config, history: [{ role: 'user' as const, content: '2 + 40?' }] }
}

describe('the tool loop and markup left in content', () => {
  const markup = `Adding.\n<tool_call>{"name": "math_add", "arguments": {"a": 2, "b": 40}}</tool_call>`

  it('taken: the calls run like tool_calls, results go back as role "tool", the assistant message carries them', async () => {
    const { registry, math, config, history } = loopSetup()
    const client = scripted([
      { content: markup, toolCalls: [] },
      { content: 'It is 42.', toolCalls: [] },
    ])
    const asked: ContentToolCalls[] = []
    const result = await runToolLoop({
      client,
      registry,
      config,
      history,
      calling: 'native',
      model: 'qwen2.5',
      onContentCalls: (found) => (asked.push(found), true),
    })
    expect(asked).toHaveLength(1)
    expect(math.calls).toEqual([{ a: 2, b: 40 }])
    expect(result.record.status).toBe('completed')
    expect(result.record.rounds[0]?.contentCalls).toEqual({
      formats: [{ id: 'hermes', label: 'Hermes <tool_call>' }],
      calls: 1,
      taken: true,
    })
    const [assistant, tool] = client.requests[1]!.messages.slice(-2)
    expect(assistant).toEqual({
      role: 'assistant',
      content: 'Adding.',
      tool_calls: [{ id: 'call-1', type: 'function', function: { name: 'math_add', arguments: '{"a":2,"b":40}' } }],
    })
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: 'call-1' })
    expect(tool?.content).toContain('42')
    expect(result.content).toBe('It is 42.')
  })

  it('dismissed: the reply stays the answer and the run ends', async () => {
    const { registry, math, config, history } = loopSetup()
    const client = scripted([{ content: markup, toolCalls: [] }])
    const result = await runToolLoop({
      client,
      registry,
      config,
      history,
      calling: 'native',
      onContentCalls: () => false,
    })
    expect(math.calls).toEqual([])
    expect(client.requests).toHaveLength(1)
    expect(result.record.status).toBe('completed')
    expect(result.record.rounds[0]?.contentCalls?.taken).toBe(false)
    expect(result.messages).toEqual([{ role: 'assistant', content: markup }])
  })

  it('a round that has tool_calls is not asked about its text, nor is a text-protocol round', async () => {
    const { registry, config, history } = loopSetup()
    let asked = 0
    const onContentCalls = () => (asked++, true)
    const withCalls = scripted([
      {
        content: markup,
        toolCalls: [{ id: 'call_a', type: 'function', function: { name: 'math_add', arguments: '{"a":1}' } }],
      },
    ])
    const native = await runToolLoop({
      client: withCalls,
      registry,
      config,
      history,
      calling: 'native',
      onContentCalls,
    })
    expect(native.record.rounds[0]?.toolCalls.map((c) => c.id)).toEqual(['call_a'])
    expect(native.record.rounds[0]?.contentCalls).toBeUndefined()
    await runToolLoop({
      client: scripted([{ content: markup, toolCalls: [] }]),
      registry,
      config,
      history,
      calling: 'text',
      onContentCalls,
    })
    expect(asked).toBe(0)
  })

  it('stopped while asking: the run ends as aborted, nothing runs', async () => {
    const { registry, math, config, history } = loopSetup()
    const controller = new AbortController()
    const result = await runToolLoop({
      client: scripted([{ content: markup, toolCalls: [] }]),
      registry,
      config,
      history,
      calling: 'native',
      signal: controller.signal,
      onContentCalls: () => {
        controller.abort(new Error('stopped by the user'))
        return false
      },
    })
    expect(result.record.status).toBe('aborted')
    expect(result.record.error).toBe('Aborted: stopped by the user.')
    expect(math.calls).toEqual([])
  })
})
