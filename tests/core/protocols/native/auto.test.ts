/**
 * Auto-detection across the native formats: each format's own example is found and attributed to
 * it, openers shared by several formats go where what follows says, formats with no delimiter
 * need evidence, and prose that quotes tool syntax yields no call.
 */
import { describe, expect, it } from 'vitest'
import { parseToolRequests } from '../../../../src/core/parser'
import { nativeFormats } from '../../../../src/core/protocols/native/registry'
import { MODEL_TABLE, formatsForModel } from '../../../../src/core/protocols/native/models'
import { modelFor } from '../../../fuzz/native-oracle'

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'calc_evaluate',
      parameters: { type: 'object', properties: { expression: { type: 'string' }, precision: { type: 'integer' } } },
    },
  },
]

/** Formats auto never claims on its own: the same grammar as another format, or no delimiter. */
const SHADOWED: Record<string, string> = { ernie45: 'hermes', hunyuan: 'jamba', 'firefunction-v2': 'phi4-mini' }

describe("auto on every format's example", () => {
  for (const format of nativeFormats()) {
    it(`${format.id}: finds the call in its example${format.delimited ? '' : ' (with the tools as evidence)'}`, () => {
      const result = parseToolRequests(`Sure.\n${format.example}\n`, 'auto', format.delimited ? {} : { tools: TOOLS })
      expect(result.requests.map((r) => [r.toolName, r.arguments])).toEqual([['calc_evaluate', { expression: '6*7' }]])
      const by = SHADOWED[format.id] ?? format.id
      expect(result.detected?.filter((d) => d.requests > 0).map((d) => d.id)).toEqual([by])
    })
  }

  it('names the format and why in the protocol-detected info', () => {
    const text =
      'Let me check.\n<tool_call>\n<function=calc_evaluate>\n<parameter=expression>\n6*7\n</parameter>\n</function>\n</tool_call>'
    const info = parseToolRequests(text, 'auto').diagnostics.find((d) => d.code === 'protocol-detected')
    expect(info?.message).toBe(
      'Detected: qwen3-coder (1 request: `<tool_call>` followed by `<function=calc_evaluate>...`).',
    )
  })
})

describe('one opener, several meanings: decided by what follows', () => {
  const cases: [string, string, string][] = [
    [
      'Hermes JSON',
      '<tool_call>\n{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}\n</tool_call>',
      'hermes',
    ],
    ['Granite list', '<tool_call>[{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}]', 'granite'],
    [
      'Qwen3-Coder',
      '<tool_call>\n<function=calc_evaluate>\n<parameter=expression>x+1</parameter>\n</function>\n</tool_call>',
      'qwen3-coder',
    ],
    [
      'GLM-4.5',
      '<tool_call>calc_evaluate\n<arg_key>expression</arg_key>\n<arg_value>x+1</arg_value>\n</tool_call>',
      'glm45',
    ],
    ['GLM-4.7', '<tool_call>calc_evaluate<arg_key>expression</arg_key><arg_value>x+1</arg_value></tool_call>', 'glm45'],
    ['Jamba', '<tool_calls>[{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}]</tool_calls>', 'jamba'],
    [
      'MiniMax-M1',
      '<tool_calls>\n{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}\n</tool_calls>',
      'minimax-m1',
    ],
    ['Functionary v3.1', '<function=calc_evaluate>{"expression": "x+1"}</function>', 'functionary-v31'],
    ['Mistral array', '[TOOL_CALLS] [{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}]', 'mistral'],
    ['Mistral v11', '[TOOL_CALLS]calc_evaluate[ARGS]{"expression": "x+1"}', 'mistral'],
    [
      'DeepSeek V3',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>calc_evaluate\n```json\n{"expression": "x+1"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      'deepseek-v3',
    ],
    [
      'DeepSeek V3.1',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>calc_evaluate<｜tool▁sep｜>{"expression": "x+1"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      'deepseek-v31',
    ],
    [
      'Step-3 (ASCII underscore)',
      '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="calc_evaluate"><steptml:parameter name="expression">x+1</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
      'step3',
    ],
    [
      'Llama 3 JSON after the python tag',
      '<|python_tag|>{"name": "calc_evaluate", "parameters": {"expression": "x+1"}}',
      'llama3-json',
    ],
    ['Llama 3 built-in after the python tag', '<|python_tag|>calc_evaluate.call(expression="x+1")', 'llama3-builtin'],
  ]
  for (const [name, text, id] of cases) {
    it(`${name} -> ${id}`, () => {
      const result = parseToolRequests(text, 'auto')
      expect(result.requests.map((r) => [r.toolName, r.arguments])).toEqual([['calc_evaluate', { expression: 'x+1' }]])
      expect(result.detected?.filter((d) => d.requests > 0).map((d) => d.id)).toEqual([id])
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    })
  }
})

describe('formats with no delimiter need evidence', () => {
  const bare: [string, string][] = [
    ['llama3-json', '{"name": "calc_evaluate", "parameters": {"expression": "x+1"}}'],
    ['xlam', '[{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}]'],
    ['pythonic', '[calc_evaluate(expression="x+1")]'],
  ]
  for (const [id, text] of bare) {
    it(`${id}: prose stays prose without a hint; a model hint or a given tool makes it a call`, () => {
      expect(parseToolRequests(text, 'auto').requests).toEqual([])
      expect(parseToolRequests(text, 'auto', { tools: TOOLS }).requests.map((r) => r.toolName)).toEqual([
        'calc_evaluate',
      ])
      const model = modelFor(id) as string
      expect(parseToolRequests(text, 'auto', { model }).requests.map((r) => r.toolName)).toEqual(['calc_evaluate'])
    })
  }

  it('a call of a tool not given is not evidence', () => {
    const text = 'The API returns {"name": "Ada", "parameters": {"age": 36}} for that user.'
    expect(parseToolRequests(text, 'auto', { tools: TOOLS }).requests).toEqual([])
  })
})

describe('prose that quotes tool syntax', () => {
  const prose = [
    'Qwen3-Coder wraps calls in <tool_call> and <function=NAME> tags; a parameter looks like <parameter=city>.',
    'Mistral writes [TOOL_CALLS] before the calls, and gpt-oss uses <|channel|>commentary for them.',
    'DeepSeek marks a call with <｜tool▁calls▁begin｜> and Kimi with <|tool_calls_section_begin|> tokens.',
    'Functionary v3.2 prompts end with >>> and the model then writes the function name.',
    'In Python you would write [f(x) for x in items] or call print(value).',
    'A JSON call looks like {"name": "get_weather", "arguments": {"city": "Paris"}} in most formats.',
    "Use <tool_calls> and <minimax:tool_call> only in the right templates; <longcat_tool_call> is LongCat's.",
  ]
  for (const text of prose) {
    it(`yields no call: ${text.slice(0, 50)}...`, () => {
      const result = parseToolRequests(text, 'auto')
      expect(result.requests).toEqual([])
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    })
  }
})

describe('the model table', () => {
  it('maps a model name of each format to it', () => {
    for (const format of nativeFormats()) {
      const model = modelFor(format.id)
      expect(model, format.id).toBeDefined()
      expect(formatsForModel(model), `${format.id} from ${model}`).toContain(format.id)
    }
  })

  it('reads names as users write them', () => {
    expect(formatsForModel('Qwen/Qwen3-Coder-30B-A3B-Instruct')).toEqual(['qwen3-coder'])
    expect(formatsForModel('qwen3-coder:30b')).toEqual(['qwen3-coder'])
    expect(formatsForModel('deepseek-ai/DeepSeek-V3.1-Terminus')).toEqual(['deepseek-v31'])
    expect(formatsForModel('gpt-oss-20b')).toEqual(['harmony'])
    expect(formatsForModel('moonshotai/Kimi-K2-Instruct-0905')).toEqual(['kimi-k2'])
    expect(formatsForModel('Qwen/Qwen2.5-7B-Instruct')).toEqual(['hermes'])
    expect(formatsForModel('some-unknown-model')).toEqual([])
    expect(
      MODEL_TABLE.every((row) =>
        row.formats.every((id) => id === 'hermes' || nativeFormats().some((f) => f.id === id)),
      ),
    ).toBe(true)
  })

  it('a model hint reads its format even where auto would not decide alone', () => {
    const text = '<tool_call>\n{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}\n</tool_call>'
    const result = parseToolRequests(text, 'auto', { model: 'baidu/ERNIE-4.5-21B-A3B-PT' })
    expect(result.requests.map((r) => r.toolName)).toEqual(['calc_evaluate'])
    expect(result.detected?.[0]).toMatchObject({
      id: 'ernie45',
      reason: 'the model "baidu/ERNIE-4.5-21B-A3B-PT" writes ERNIE 4.5',
      requests: 1,
    })
  })

  it("says when the model's format holds no call", () => {
    const info = parseToolRequests('Just an answer.', 'auto', { model: 'gpt-oss-20b' }).diagnostics.find(
      (d) => d.code === 'protocol-detected',
    )
    expect(info?.message).toContain(
      'gpt-oss Harmony: the model "gpt-oss-20b" writes gpt-oss Harmony, but no call was found',
    )
  })
})

describe('auto streaming', () => {
  it('shows a native call as soon as its format is known, and ends as one-shot', async () => {
    const { createStreamParser } = await import('../../../../src/core/parser')
    const text =
      'I will look it up.\n' +
      'Some more words before the call, long enough to be streamed. '.repeat(4) +
      '\n[TOOL_CALLS]calc_evaluate[ARGS]{"expression": "6*7"}\nThat is all.'
    const parser = createStreamParser('auto')
    let nameAt = -1
    for (let i = 0; i < text.length; i += 8) {
      for (const event of parser.feed(text.slice(i, i + 8)))
        if (event.type === 'field' && event.key === 'tool_name' && nameAt === -1) nameAt = i + 8
    }
    expect(nameAt).toBeGreaterThan(text.indexOf('[TOOL_CALLS]'))
    expect(nameAt).toBeLessThan(text.indexOf('That is all.') + 8)
    expect(parser.end()).toEqual(parseToolRequests(text, 'auto'))
  })
})

describe('docs/formats.md', () => {
  it('prints the model table as the code has it', async () => {
    const { readFileSync } = await import('node:fs')
    const doc = readFileSync('docs/formats.md', 'utf8')
    for (const row of MODEL_TABLE) {
      const line = `| \`${row.pattern.source.replace(/\|/g, '\\|')}\` | ${row.formats.map((f) => `\`${f}\``).join(', ')} | ${row.models} |`
      expect(doc, row.pattern.source).toContain(line)
    }
  })
})

describe('hints and reasoning around the shared tags', () => {
  it('a Qwen3-Coder model that writes Hermes JSON is still read: a hint alone keeps no protocol out', () => {
    const text = '<tool_call>\n{"name": "calc_evaluate", "arguments": {"expression": "x+1"}}\n</tool_call>'
    const result = parseToolRequests(text, 'auto', { model: 'Qwen/Qwen3-Coder-30B-A3B-Instruct' })
    expect(result.requests.map((r) => [r.toolName, r.arguments])).toEqual([['calc_evaluate', { expression: 'x+1' }]])
    expect(result.detected?.filter((d) => d.requests > 0).map((d) => d.id)).toEqual(['hermes'])
  })

  it("Command's <|START_THINKING|> is reasoning: a call in it is not run", () => {
    const action =
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "calc_evaluate", "parameters": {"expression": "x+1"}}]<|END_ACTION|>'
    const text = `<|START_THINKING|>maybe ${action}<|END_THINKING|>${action}`
    const result = parseToolRequests(text, 'command-r7b', { reasoning: 'include' })
    expect(result.requests.map((r) => r.inReasoning)).toEqual([true, false])
    expect(parseToolRequests(text, 'command-r7b').requests).toHaveLength(1)
  })
})
