/**
 * The raw completion protocol: the conversation rendered with the model's own chat template, sent
 * to POST /completions, and the text read in the template's format, against a real local server.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import { runLiveEval, type LiveTarget } from '../../../src/core/eval/live'
import { renderPrompt } from '../../../src/core/eval/raw-completion'
import type { CompletionRequest } from '../../../src/core/chat/types'
import type { CaseOutcome } from '../../../src/core/eval/types'
import { readVendoredTemplate } from '../../../src/templates/node'
import { fixtureCases } from './live-fixtures'

interface Received {
  path: string
  body: { model?: string; prompt?: string; max_tokens?: number; stream?: boolean }
}

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A completions server that answers every prompt with `reply(prompt)` (or a status and body). */
async function completionsServer(
  reply: (prompt: string) => { status?: number; text: string },
): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = []
  const server = createServer((req, res) => {
    let data = ''
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')))
    req.on('end', () => {
      const body = JSON.parse(data) as Received['body']
      received.push({ path: req.url ?? '', body })
      const answer = reply(body.prompt ?? '')
      if (answer.status && answer.status !== 200) {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.text)
        return
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          object: 'text_completion',
          choices: [{ index: 0, text: answer.text, finish_reason: 'stop' }],
        }),
      )
    })
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, received }
}

async function rawRun(targets: LiveTarget[], ids = ['simple_python_2']): Promise<CaseOutcome[]> {
  const cases = (await fixtureCases()).filter((c) => ids.includes(c.id))
  const outcomes: CaseOutcome[] = []
  await runLiveEval({ cases, targets, protocols: ['raw'], retries: 0, onOutcome: (o) => void outcomes.push(o) })
  return outcomes
}

describe('the raw completion protocol', () => {
  it("renders the case with the model's template, asks /completions, and reads the reply in its format", async () => {
    const server = await completionsServer(() => ({
      text: '<tool_call>\n{"name": "math_factorial", "arguments": {"number": 5}}\n</tool_call>',
    }))
    const template = await readVendoredTemplate('hermes-3-llama-3.1-8b')
    const outcomes = await rawRun([
      {
        label: 'hermes',
        endpoint: { baseUrl: server.baseUrl, model: 'm' },
        template: { text: template, format: 'hermes', specialTokens: { bos_token: '<|begin_of_text|>' } },
      },
    ])
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]).toMatchObject({ id: 'simple_python_2', protocol: 'raw', valid: true })
    expect(outcomes[0]?.reply).toContain('<tool_call>')
    const sent = server.received[0]!
    expect(sent.path).toBe('/v1/completions')
    expect(sent.body).toMatchObject({ model: 'm', stream: false })
    // The prompt is the template's: its tools block with the function, the user's question, and
    // the generation prompt at the end.
    const prompt = sent.body.prompt ?? ''
    expect(prompt.startsWith('<|begin_of_text|>')).toBe(true)
    expect(prompt).toContain('<tools>')
    expect(prompt).toContain('"name": "math_factorial"')
    expect(prompt).toContain('Calculate the factorial of 5.')
    expect(prompt.endsWith('<|im_start|>assistant\n')).toBe(true)
  })

  it('a target without a template, a template that cannot render, and a server without /completions each say why', async () => {
    const server = await completionsServer((prompt) =>
      prompt.includes('no-completions') ? { status: 404, text: '{"error": {"message": "Not Found"}}' } : { text: '' },
    )
    const outcomes = await rawRun([
      { label: 'bare', endpoint: { baseUrl: server.baseUrl, model: 'm' } },
      {
        label: 'raising',
        endpoint: { baseUrl: server.baseUrl, model: 'm' },
        template: { text: 'line one\n{{ raise_exception("no tools here") }}', format: null, label: 'raising.jinja' },
      },
      {
        label: 'missing',
        endpoint: { baseUrl: server.baseUrl, model: 'm' },
        template: { text: 'no-completions {{ messages[0].content }}', format: null },
      },
    ])
    const said = (label: string) => outcomes.find((o) => o.model === label)
    expect(said('bare')).toMatchObject({ valid: false, errorType: 'request_error:malformed' })
    expect(said('bare')?.errors[0]).toBe(
      "The raw protocol renders the prompt with the model's chat template, and bare has none: choose one for it.",
    )
    expect(said('raising')?.errors[0]).toMatch(
      /^The chat template raising\.jinja could not render this conversation \(line 2, column \d+\): no tools here/,
    )
    expect(said('missing')).toMatchObject({ valid: false, errorType: 'request_error:http' })
    expect(said('missing')?.errors[0]).toContain('404')
    // Only the last target reached the server.
    expect(server.received).toHaveLength(1)
  })
})

describe('renderPrompt', () => {
  const request: CompletionRequest = { messages: [{ role: 'user', content: 'Hi' }] }
  const template =
    '{% set seen = [] %}{% for m in messages %}{% set _ = seen.append(m.role) %}{% endfor %}{{ seen|join(",") }}'

  it('renders a template written for llama.cpp in its dialect, and says why one fails under transformers', async () => {
    await expect(renderPrompt({ text: template, format: null, dialect: 'llama.cpp' }, request)).resolves.toBe('user')
    await expect(renderPrompt({ text: template, format: null, label: 'mine' }, request)).rejects.toThrow(
      /The chat template mine could not render this conversation \(line 1, column \d+\): SecurityError/,
    )
  })
})
