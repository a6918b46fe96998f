/**
 * The eval lab's offline lane: 10,000 captured replies (BFCL result lines: raw text in VCP,
 * Hermes, pythonic and Mistral form, and decoded calls) read and scored against their cases,
 * against JSON.parse of the same lines alone (the least any reader of the file must do).
 */
import { readResultLine, scoreReply } from '../src/core/eval/score'
import { evalToolset } from '../src/core/eval/functions'
import { splitJsonLines } from '../src/core/eval/jsonl'
import type { EvalCase } from '../src/core/eval/types'
import { renderVcpRequest } from '../src/core'
import { measureInterleaved } from './measure'

const REPLIES = 10_000

const weather: EvalCase['functions'][number] = {
  name: 'weather.get_forecast',
  description: 'The forecast for a city.',
  parameters: {
    type: 'dict',
    properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } },
    required: ['city'],
  },
}

function caseOf(n: number): EvalCase {
  return {
    id: `simple_${n}`,
    category: 'simple',
    messages: [{ role: 'user', content: `The forecast for city ${n}?` }],
    functions: [weather],
    expected: [{ 'weather.get_forecast': { city: [`City ${n}`], days: [n % 7, ''], metric: [true, ''] } }],
  }
}

/** One captured reply per case, the forms taking turns; every fourth one has a wrong value. */
function resultOf(n: number): unknown {
  const city = n % 4 === 3 ? 'Atlantis' : `City ${n}`
  const args = { city, days: n % 7, metric: true }
  switch (n % 4) {
    case 0:
      return `I will look that up.\n${renderVcpRequest({ toolName: 'weather_get_forecast', args: { city, days: String(n % 7) } })}`
    case 1:
      return `<tool_call>\n${JSON.stringify({ name: 'weather_get_forecast', arguments: args })}\n</tool_call>`
    case 2:
      return `[weather.get_forecast(city=${JSON.stringify(city)}, days=${n % 7}, metric=True)]`
    default:
      return [{ 'weather.get_forecast': args }]
  }
}

/** Milliseconds to score the replies, and to JSON.parse their lines alone. */
export function evalFigures(rounds: number): Record<string, number> {
  const cases = new Map<string, EvalCase>()
  const lines: string[] = []
  for (let n = 0; n < REPLIES; n++) {
    const c = caseOf(n)
    cases.set(c.id, c)
    lines.push(JSON.stringify({ id: c.id, result: resultOf(n) }))
  }
  const file = lines.join('\n')
  // All cases share their functions, as a real suite's categories often do; the toolset is built per case anyway.
  const score = () => {
    let passed = 0
    for (const line of splitJsonLines(file)) {
      const read = 'value' in line ? readResultLine(line.value) : { error: line.error }
      if ('error' in read) continue
      const testCase = cases.get(read.id) as EvalCase
      if (scoreReply(testCase, { result: read.result }, { toolset: evalToolset(testCase.functions) }).valid) passed++
    }
    if (passed !== (REPLIES * 3) / 4)
      throw new Error(`the bench's replies scored ${passed} passes, not ${(REPLIES * 3) / 4}`)
    return passed
  }
  const parseOnly = () => file.split('\n').map((line) => JSON.parse(line) as unknown).length
  return { replies: REPLIES, ...measureInterleaved({ scoreMs: score, parseMs: parseOnly }, rounds, 2) }
}
