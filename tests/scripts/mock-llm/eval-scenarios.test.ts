import { beforeAll, describe, expect, it } from 'vitest'
import { completionRequest, EVAL_PROTOCOLS, type EvalProtocol } from '../../../src/core/eval/live'
import { evalToolset } from '../../../src/core/eval/functions'
import type { EvalCase } from '../../../src/core/eval/types'
import type { ChatRequestBody } from '../../../scripts/mock-llm/server'
import { scenarios, type Turn } from '../../../scripts/mock-llm/scenarios'
import {
  askedProtocol,
  createEvalScenarios,
  fixtureCaseOf,
  rightCalls,
  truncatedJsonBlock,
  wrongCalls,
} from '../../../scripts/mock-llm/eval-scenarios'
import { fixtureCases } from '../../core/eval/live-fixtures'

let cases: EvalCase[] = []
beforeAll(async () => {
  cases = await fixtureCases()
})

function caseNamed(id: string): EvalCase {
  const found = cases.find((c) => c.id === id)
  if (!found) throw new Error(`no fixture case ${id}`)
  return found
}

/** The request body the live lane sends for a case in a protocol. */
function bodyFor(testCase: EvalCase, protocol: EvalProtocol, model = 'eval-right'): ChatRequestBody {
  const request = completionRequest({ testCase, toolset: evalToolset(testCase.functions), protocol }, new Date(0))
  return { model, messages: request.messages, ...(request.tools ? { tools: request.tools } : {}) }
}

function content(turn: Turn): string {
  return turn.type === 'reply' ? (turn.content ?? '') : `status ${turn.status}`
}

describe('the eval scenarios', () => {
  it('are among the built-in scenarios', () => {
    for (const model of ['eval-right', 'eval-mixed', 'eval-slow', 'eval-flaky']) expect(scenarios).toHaveProperty(model)
  })

  it('find the case by the last user message and the protocol by the prompt markers', () => {
    const testCase = caseNamed('parallel_multiple_0')
    for (const protocol of EVAL_PROTOCOLS) {
      const body = bodyFor(testCase, protocol)
      expect(fixtureCaseOf(body)?.id).toBe('parallel_multiple_0')
      expect(askedProtocol(body)).toBe(protocol)
    }
  })

  it('answer a question that is not in the suite, or a prompt of no known protocol, with plain text', () => {
    const right = createEvalScenarios()['eval-right']
    const unknown: ChatRequestBody = { model: 'eval-right', messages: [{ role: 'user', content: 'Sing me a song.' }] }
    expect(content(right?.(unknown, 0) as Turn)).toMatch(/not a case of the eval fixture suite/)
    const body = bodyFor(caseNamed('simple_python_2'), 'hermes')
    const both = {
      ...body,
      messages: [{ role: 'system' as const, content: '<tool_call> or <tool_code>?' }, ...body.messages.slice(1)],
    }
    expect(askedProtocol(both)).toBeUndefined()
    expect(content(right?.(both, 0) as Turn)).toMatch(/cannot tell which tool-calling protocol/)
  })

  it('take the first accepted value of each argument, leave optional ones out and resolve nested dicts', () => {
    expect(rightCalls(caseNamed('simple_python_0'))).toEqual([
      { name: 'geometry.triangle_area', arguments: { base: 10, height: 5 } },
    ])
    expect(rightCalls(caseNamed('simple_python_3'))).toEqual([
      { name: 'search_books', arguments: { query: 'dune', filters: { genre: 'science fiction', year: 1965 } } },
    ])
    expect(rightCalls(caseNamed('irrelevance_0'))).toEqual([])
  })

  it('make a value wrong: the first string becomes "Atlantis", else the first number grows by one', () => {
    expect(
      wrongCalls([
        { name: 'f', arguments: { n: 2, city: 'Paris' } },
        { name: 'g', arguments: { x: 'kept' } },
      ]),
    ).toEqual([
      { name: 'f', arguments: { n: 2, city: 'Atlantis' } },
      { name: 'g', arguments: { x: 'kept' } },
    ])
    expect(wrongCalls([{ name: 'f', arguments: { base: 10, height: 5 } }])).toEqual([
      { name: 'f', arguments: { base: 11, height: 5 } },
    ])
    expect(wrongCalls([{ name: 'f', arguments: { stops: ['Berlin', 'Munich'], tolls: true } }])).toEqual([
      { name: 'f', arguments: { stops: ['Atlantis', 'Munich'], tolls: true } },
    ])
  })

  it('cut the JSON block before its end but close the fence', () => {
    const text = truncatedJsonBlock([{ name: 'get_weather', arguments: { city: 'Paris' } }])
    expect(text.startsWith('```json\n{')).toBe(true)
    expect(text.endsWith('\n```')).toBe(true)
    expect(() => JSON.parse(text.slice('```json\n'.length, -'\n```'.length))).toThrow()
  })

  it('name native calls as the request offers the tools', () => {
    const body = bodyFor(caseNamed('simple_python_2'), 'native')
    const turn = createEvalScenarios()['eval-right']?.(body, 0)
    expect(turn).toMatchObject({ type: 'reply', toolCalls: [{ name: 'math_factorial', arguments: '{"number":5}' }] })
    const ownNames = { ...body, tools: [{ type: 'function', function: { name: 'math.factorial' } }] }
    expect(createEvalScenarios()['eval-right']?.(ownNames, 0)).toMatchObject({
      toolCalls: [{ name: 'math.factorial' }],
    })
  })

  it('stream eval-slow with a pause after each event', () => {
    expect(createEvalScenarios()['eval-slow']?.(bodyFor(caseNamed('simple_python_1'), 'vcp'), 0)).toMatchObject({
      type: 'reply',
      delayMs: 40,
    })
  })

  it('fail every odd-numbered request to eval-flaky, counted per set of scenarios', () => {
    const body = bodyFor(caseNamed('simple_python_1'), 'xml', 'eval-flaky')
    const first = createEvalScenarios()['eval-flaky']
    const second = createEvalScenarios()['eval-flaky']
    const statuses = (flaky: typeof first) => [0, 1, 2].map(() => (flaky?.(body, 0) as Turn).type)
    expect(statuses(first)).toEqual(['status', 'reply', 'status'])
    expect(statuses(second)).toEqual(['status', 'reply', 'status'])
    expect(first?.(body, 0)).toMatchObject({ type: 'reply', content: expect.stringContaining('<tool_code>') })
    expect(second?.(body, 0)).toMatchObject({ type: 'reply' })
  })
})
