/**
 * The conformance lab against a server it was not built with: an independent scripted model
 * (tests/fixtures/conformance/independent-server.ts) written from the behaviour's description only.
 * Its clean mode and allowed variations must pass every category; each fault must fail the one
 * category it breaks and no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECK_CATEGORIES, runConformance, summarize, type CheckCategory } from '../../../src/core/conformance'
import {
  BENIGN,
  FAULTS,
  startIndependentServer,
  type BenignName,
  type FaultName,
  type FaultSpec,
  type IndependentServer,
} from '../../fixtures/conformance/independent-server'

let server: IndependentServer

beforeAll(async () => {
  server = await startIndependentServer()
})

afterAll(async () => {
  await server.close()
})

/**
 * Faults the lab judged wrongly once, each marked `it.fails` until the lab was fixed: none now.
 * (The reasoning parsed twice into tool_calls, and a 200 whose body is the server's error for every
 * tool round, are both named by their own category since.)
 */
const LAB_WRONG: Partial<Record<FaultName, string>> = {}

interface Outcome {
  statuses: Record<CheckCategory, string>
  /** The failing checks, as `id: detail`, to make a broken expectation readable. */
  failing: string[]
}

async function probe(model: string): Promise<Outcome> {
  const report = await runConformance({ baseUrl: server.baseUrl, model }, { repeat: 2, concurrency: 8 })
  const summary = summarize(report)
  const statuses = Object.fromEntries(
    CHECK_CATEGORIES.map((category) => [category, summary.byCategory[category].status]),
  ) as Record<CheckCategory, string>
  const failing = report.checks.filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.detail}`)
  return { statuses, failing }
}

function allPass(): Record<CheckCategory, string> {
  return Object.fromEntries(CHECK_CATEGORIES.map((c) => [c, 'pass'])) as Record<CheckCategory, string>
}

/** The server itself, before blaming the lab: a few answers read straight off the wire. */
describe('the independent server', () => {
  const tools = [
    { type: 'function', function: { name: 'get_weather', parameters: weatherSchema() } },
    { type: 'function', function: { name: 'get_weather_forecast', parameters: { type: 'object', properties: {} } } },
  ]

  function weatherSchema(): Record<string, unknown> {
    return {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
        optional: { type: 'boolean' },
      },
      required: ['city', 'unit', 'days'],
    }
  }

  async function post(body: Record<string, unknown>): Promise<Response> {
    return fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }

  it('calls each standalone name once per occurrence, in order, with required arguments filled', async () => {
    const res = await post({
      model: 'indep',
      tools,
      messages: [{ role: 'user', content: 'Use get_weather_forecast, then get_weather and get_weather again.' }],
    })
    const body = (await res.json()) as {
      choices: {
        message: { content: unknown; tool_calls: { id: string; function: { name: string; arguments: string } }[] }
        finish_reason: string
      }[]
    }
    const choice = body.choices[0]
    expect(choice?.finish_reason).toBe('tool_calls')
    expect(choice?.message.content).toBeNull()
    const calls = choice?.message.tool_calls ?? []
    expect(calls.map((c) => c.function.name)).toEqual(['get_weather_forecast', 'get_weather', 'get_weather'])
    expect(JSON.parse(calls[1]?.function.arguments ?? '')).toEqual({ city: 'test', unit: 'celsius', days: 1 })
    expect(calls[0]?.function.arguments).toBe('{}')
    expect(new Set(calls.map((c) => c.id)).size).toBe(3)
  })

  it('streams the same calls as it answers whole, ending with usage and [DONE]', async () => {
    const res = await post({
      model: 'indep',
      tools,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'get_weather and get_weather_forecast' }],
    })
    const text = await res.text()
    const payloads = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => e.slice('data: '.length))
    expect(payloads[payloads.length - 1]).toBe('[DONE]')
    const chunks = payloads.slice(0, -1).map(
      (p) =>
        JSON.parse(p) as {
          choices: {
            delta: { tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }
            finish_reason: string | null
          }[]
          usage?: unknown
        },
    )
    const calls: { id: string; name: string; args: string }[] = []
    for (const chunk of chunks) {
      for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { id: '', name: '', args: '' })
        if (delta.id) call.id = delta.id
        if (delta.function?.name) call.name += delta.function.name
        call.args += delta.function?.arguments ?? ''
      }
    }
    expect(calls.map((c) => [c.name, JSON.parse(c.args) as unknown])).toEqual([
      ['get_weather', { city: 'test', unit: 'celsius', days: 1 }],
      ['get_weather_forecast', {}],
    ])
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls')
    expect(chunks.at(-1)?.choices).toEqual([])
    expect(chunks.at(-1)?.usage).toBeDefined()
  })

  it('answers "Done." with auto after a tool result, and still calls with required', async () => {
    const messages = [
      { role: 'user', content: 'get_weather please' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ]
    const auto = (await (await post({ model: 'indep', tools, messages })).json()) as {
      choices: { message: { content: string } }[]
    }
    expect(auto.choices[0]?.message.content).toBe('Done.')
    const required = (await (await post({ model: 'indep', tools, messages, tool_choice: 'required' })).json()) as {
      choices: { finish_reason: string }[]
    }
    expect(required.choices[0]?.finish_reason).toBe('tool_calls')
  })
})

describe('the lab against the independent server', () => {
  it('passes every category in clean mode', async () => {
    const outcome = await probe('indep')
    expect(outcome.statuses, outcome.failing.join('\n')).toEqual(allPass())
  })

  const benign = Object.keys(BENIGN) as BenignName[]
  it.each(benign)('passes every category with the allowed variation %s', async (name) => {
    const outcome = await probe(`indep:${name}`)
    expect(outcome.statuses, outcome.failing.join('\n')).toEqual(allPass())
  })

  const faults = Object.keys(FAULTS) as FaultName[]
  for (const name of faults) {
    const spec: FaultSpec = FAULTS[name]
    const test = name in LAB_WRONG ? it.fails : it
    test(`names the category the fault ${name} breaks, and only it`, async () => {
      const outcome = await probe(`indep:${name}`)
      expect(outcome.statuses[spec.category], outcome.failing.join('\n')).toBe('fail')
      const others = CHECK_CATEGORIES.filter(
        (c) => c !== spec.category && c !== spec.alsoBreaks && outcome.statuses[c] === 'fail',
      )
      expect(others, outcome.failing.join('\n')).toEqual([])
    })
  }
})
