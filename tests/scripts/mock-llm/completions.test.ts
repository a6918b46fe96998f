/**
 * The mock server's `POST /v1/completions`: OpenAI's text completion wire format, whole and
 * streamed, stop sequences and max_tokens, and the eval scenarios answering a prompt rendered with
 * a chat template in that template's markup, so the raw protocol scores it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRawCompletionClient, evalToolset, scoreReply, type EvalCase } from '../../../src/core/eval'
import { completionRequest } from '../../../src/core/eval/live'
import { readVendoredTemplate } from '../../../src/templates/node'
import { completionText } from '../../../scripts/mock-llm/completions'
import { startMockLlm, type MockLlm } from '../../../scripts/mock-llm/server'
import { fixtureCases } from '../../core/eval/live-fixtures'

let llm: MockLlm
let cases: EvalCase[] = []
beforeAll(async () => {
  llm = await startMockLlm()
  cases = await fixtureCases()
})
afterAll(() => llm.close())

async function post(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${llm.baseUrl}/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** The `data:` payloads of an SSE answer. */
async function events(response: Response): Promise<string[]> {
  const text = await response.text()
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length))
}

describe('POST /v1/completions', () => {
  it('answers a prompt with a text_completion whose choices[0].text is the text, with usage', async () => {
    const response = await post({ model: 'echo', prompt: 'Hello there', max_tokens: 100 })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ object: 'text_completion', model: 'echo' })
    const choices = body.choices as { text: string; index: number; finish_reason: string; logprobs: null }[]
    expect(choices).toHaveLength(1)
    expect(choices[0]).toMatchObject({ index: 0, logprobs: null, finish_reason: 'stop' })
    expect(typeof choices[0]?.text).toBe('string')
    expect(body.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) })
  })

  it('streams the same text as SSE chunks, the last with its finish reason, usage when asked, then [DONE]', async () => {
    const whole = (await (await post({ model: 'echo', prompt: 'Hello there' })).json()) as {
      choices: { text: string }[]
    }
    const response = await post({
      model: 'echo',
      prompt: 'Hello there',
      stream: true,
      stream_options: { include_usage: true },
    })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const data = await events(response)
    expect(data.at(-1)).toBe('[DONE]')
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as Record<string, unknown>)
    expect(chunks.every((c) => c.object === 'text_completion')).toBe(true)
    const usage = chunks.at(-1)
    expect(usage).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } })
    const texts = chunks.slice(0, -1).map((c) => (c.choices as { text: string; finish_reason: string | null }[])[0])
    expect(texts.map((c) => c?.text).join('')).toBe(whole.choices[0]?.text)
    expect(texts.at(-1)?.finish_reason).toBe('stop')
    expect(texts.slice(0, -1).every((c) => c?.finish_reason === null)).toBe(true)
  })

  it('cuts the text at a stop sequence and at max_tokens, as a server does', () => {
    expect(completionText('a call</tool_call> and more', { stop: ['</tool_call>'] })).toEqual({
      text: 'a call',
      finishReason: 'stop',
    })
    expect(completionText('abcdefghijkl', { max_tokens: 2 })).toEqual({ text: 'abcdefgh', finishReason: 'length' })
    expect(completionText('abc', { stop: '', max_tokens: 10 })).toEqual({ text: 'abc', finishReason: 'stop' })
  })

  it('refuses a prompt that is not a string, and a model it does not have', async () => {
    expect((await post({ model: 'echo', prompt: { text: 'x' } })).status).toBe(400)
    const missing = await post({ model: 'no-such-model', prompt: 'x' })
    expect(missing.status).toBe(404)
    expect(JSON.stringify(await missing.json())).toContain('no-such-model')
  })

  it('answers an eval case rendered with a Hermes-style template in <tool_call> markup, which the raw protocol scores', async () => {
    const template = { text: await readVendoredTemplate('qwen2.5-7b-instruct'), format: 'hermes', label: 'qwen' }
    for (const [model, valid] of [
      ['eval-right', true],
      ['eval-mixed', false],
    ] as const) {
      const client = createRawCompletionClient({ baseUrl: llm.baseUrl, model }, template)
      const testCase = cases.find((c) => c.id === 'simple_python_0') as EvalCase
      const toolset = evalToolset(testCase.functions)
      const request = completionRequest({ testCase, toolset, protocol: 'raw' }, new Date(0))
      const completion = await client.complete(request)
      expect(completion.content).toContain('<tool_call>')
      const outcome = scoreReply(testCase, { result: completion.content }, { toolset, protocol: 'hermes' })
      expect(outcome.valid).toBe(valid)
    }
  })
})
