import { beforeAll, describe, expect, it } from 'vitest'
import { inferTemplateFormat, roundTrip } from '../../../src/core/templates/analysis'
import type { ProbeOptions, TemplateCall } from '../../../src/core/templates/analysis'
import { VENDORED_TEMPLATES, type VendoredTemplate } from '../../../src/templates/catalog'
import { readVendoredTemplate } from '../../../src/templates/node'
import { CLEAN_TEMPLATE, cleanTemplateWith } from './hand-written'

/** Vendored templates written for llama.cpp that fail under transformers and infer in its dialect. */
const LLAMA_CPP_DIALECT = ['kimi-k2-instruct', 'kimi-k2-thinking', 'deepseek-r1-llama-cpp']

/** Vendored templates that render no tool calls, so no call can make the round trip; why. */
const NO_CALLS_RENDERED: Record<string, string> = {
  'lfm2-8b-a1b': 'LFM2 keeps calls in the content as text',
  'lfm2.5-instruct': 'LFM2 keeps calls in the content as text',
  'granite-3.3-2b-instruct': "renders an assistant turn's content only",
  'vllm-glm4': "renders an assistant turn's content only",
}

/** Vendored templates that render calls so that their format reads them differently: the template's defect. */
const GARBLED: Record<string, RegExp> = {
  // String values unquoted: `probe_tool_a(city=Zzyzx, n=7)`.
  'vllm-llama3.2-pythonic': /the argument "city" is lost/,
  'vllm-toolace': /the argument "city" is lost/,
  // No comma between arguments: `probe_tool_a(city="Zzyzx"n=7)`.
  'vllm-gemma3-pythonic': /the argument "city" is lost/,
  // Arguments as Python's repr, single-quoted: `{'city': 'Zzyzx', 'n': 7}`.
  'vllm-phi4-mini': /0 calls read back/,
}

/** Variables a template reads besides messages and tools, as its server passes them. */
const VARIABLES: Record<string, Record<string, unknown>> = {
  // FireFunction's template prints `functions` (the tools as JSON text) and `datetime` itself.
  'firefunction-v2': { functions: '[]', datetime: '2026-01-15' },
}

function optionsFor(entry: VendoredTemplate): ProbeOptions {
  return {
    ...(entry.specialTokens ? { specialTokens: entry.specialTokens } : {}),
    ...(VARIABLES[entry.id] ? { variables: VARIABLES[entry.id] } : {}),
  }
}

const texts = new Map<string, string>()

beforeAll(async () => {
  for (const entry of VENDORED_TEMPLATES) texts.set(entry.id, await readVendoredTemplate(entry.id))
})

function vendored(id: string): { text: string; options: ProbeOptions } {
  const entry = VENDORED_TEMPLATES.find((candidate) => candidate.id === id)
  const text = texts.get(id)
  if (!entry || text === undefined) throw new Error(`No vendored template ${id}`)
  return { text, options: optionsFor(entry) }
}

describe('inferTemplateFormat on the vendored templates', () => {
  it('finds the format the catalog lists for every template whose entry lists formats', () => {
    const wrong: string[] = []
    for (const entry of VENDORED_TEMPLATES) {
      if (entry.formats.length === 0) continue
      const { text, options } = vendored(entry.id)
      const inference = inferTemplateFormat(text, options)
      const found = [inference.format, ...inference.sameReading]
      if (!found.some((id) => id !== null && entry.formats.includes(id)))
        wrong.push(`${entry.id}: ${inference.format} (${inference.reason})`)
    }
    expect(wrong).toEqual([])
  })

  it('infers the templates written for llama.cpp in its dialect, and says why', () => {
    for (const id of LLAMA_CPP_DIALECT) {
      const { text, options } = vendored(id)
      const inference = inferTemplateFormat(text, options)
      expect([inference.format, inference.confidence, inference.dialect], id).toEqual([
        VENDORED_TEMPLATES.find((entry) => entry.id === id)?.formats[0],
        'high',
        'llama.cpp',
      ])
      expect(inference.reason, id).toMatch(
        /^Under transformers the template fails at line \d+ \(.+\), which llama\.cpp/,
      )
      // Told to render as transformers does, it finds nothing.
      expect(inferTemplateFormat(text, { ...options, dialect: 'transformers' }).format, id).toBeNull()
    }
  })

  it("infers LFM2 from its tool list's phrase when the template renders no calls", () => {
    for (const id of ['lfm2-8b-a1b', 'lfm2.5-instruct']) {
      const { text, options } = vendored(id)
      const inference = inferTemplateFormat(text, options)
      expect([inference.format, inference.confidence, inference.dialect], id).toEqual(['lfm2', 'low', 'transformers'])
      expect(inference.reason, id).toMatch(/does not render an assistant turn's tool calls.*introduces the tools with/)
    }
  })

  it('finds no format for the templates that write none of ours, and says why', () => {
    for (const entry of VENDORED_TEMPLATES.filter((candidate) => candidate.formats.length === 0)) {
      const { text, options } = vendored(entry.id)
      const inference = inferTemplateFormat(text, options)
      expect(inference.format, `${entry.id}: ${inference.reason}`).toBeNull()
      expect(inference.reason, entry.id).toMatch(/format|render/)
    }
  })

  it('round-trips the call of every template whose format it reads, in the dialect it was read in', () => {
    const broken: string[] = []
    let tripped = 0
    for (const entry of VENDORED_TEMPLATES) {
      const { text, options } = vendored(entry.id)
      const inference = inferTemplateFormat(text, options)
      if (inference.format === null) continue
      const trip = roundTrip(text, inference.format, undefined, { ...options, dialect: inference.dialect })
      if (Object.hasOwn(NO_CALLS_RENDERED, entry.id)) {
        expect(trip.identical, entry.id).toBe(false)
        expect(trip.readBack, entry.id).toEqual([])
        continue
      }
      const garbled = GARBLED[entry.id]
      if (garbled) {
        expect(trip.identical, entry.id).toBe(false)
        expect(trip.problems.join('; '), entry.id).toMatch(garbled)
        continue
      }
      tripped++
      if (!trip.identical) broken.push(`${entry.id} (${inference.format}): ${trip.problems.join('; ')}`)
    }
    expect(broken).toEqual([])
    const excepted = Object.keys(NO_CALLS_RENDERED).length + Object.keys(GARBLED).length
    expect(tripped).toBe(VENDORED_TEMPLATES.filter((entry) => entry.formats.length > 0).length - excepted)
  })

  it('reads each model by its own markers, with the turn and the reading as evidence', () => {
    const cases: [string, string][] = [
      ['qwen2.5-7b-instruct', 'hermes'],
      ['qwen3-coder', 'qwen3-coder'],
      ['llama-3.1-8b-instruct', 'llama3-json'],
      ['mistral-nemo-instruct-2407', 'mistral'],
      ['mistral-small-3.2-24b-instruct-2506', 'mistral'],
      ['deepseek-r1-distill-qwen-32b', 'deepseek-v3'],
      ['deepseek-v3.1', 'deepseek-v31'],
      ['deepseek-v3.2', 'deepseek-v32'],
      ['gpt-oss-120b', 'harmony'],
      ['glm-4.6', 'glm45'],
      ['c4ai-command-r7b-12-2024', 'command-r7b'],
      ['functionary-medium-v3.2', 'functionary-v32'],
      ['vllm-granite', 'granite'],
      ['vllm-xlam-llama', 'xlam'],
      ['minimax-m2', 'minimax-m2'],
      ['seed-oss-36b-instruct', 'seed-oss'],
    ]
    for (const [id, format] of cases) {
      const { text, options } = vendored(id)
      const inference = inferTemplateFormat(text, options)
      expect([inference.format, inference.confidence], `${id}: ${inference.reason}`).toEqual([format, 'high'])
      const oneCall = inference.evidence.find(
        (item) => item.variant === 'one-call' && item.argumentsAs === inference.argumentsAs,
      )
      expect(oneCall?.assistantSpan, id).toContain('probe_tool_a')
      expect(oneCall?.rendered.endsWith(oneCall.assistantSpan), id).toBe(true)
      expect(oneCall?.readAs, id).toEqual({
        format,
        calls: [{ name: 'probe_tool_a', arguments: { city: 'Zzyzx', n: 7 } }],
        exact: true,
      })
      const noCall = inference.evidence.find(
        (item) => item.variant === 'no-call' && item.argumentsAs === inference.argumentsAs,
      )
      expect(noCall?.readAs?.calls, id).toEqual([])
    }
  })

  it("reads a call written after an empty pair of markers, as Llama 4's own template writes it", async () => {
    const { readFile } = await import('node:fs/promises')
    const text = await readFile('tests/fixtures/templates/sources/ollama-llama4-latest.jinja', 'utf8')
    const inference = inferTemplateFormat(text)
    expect([inference.format, inference.confidence]).toEqual(['llama3-json', 'high'])
    expect(roundTrip(text, 'llama3-json').identical).toBe(true)
  })

  it('says when a template drops or refuses the second call, and reads the first', () => {
    const gptOss = vendored('gpt-oss-120b')
    expect(inferTemplateFormat(gptOss.text, gptOss.options).reason).toMatch(/drops the second of two calls/)
    const llama = vendored('llama-3.1-8b-instruct')
    const inference = inferTemplateFormat(llama.text, llama.options)
    expect(inference.reason).toMatch(/refuses two calls/)
    expect(inference.evidence.find((item) => item.variant === 'two-calls')?.error?.message).toMatch(
      /only supports single tool-calls/,
    )
  })

  it('gives the arguments as JSON text when the template fails on objects', () => {
    const { text, options } = vendored('functionary-medium-v3.2')
    const inference = inferTemplateFormat(text, options)
    expect(inference.argumentsAs).toBe('json-string')
    expect(inference.reason).toMatch(/given as JSON text: with arguments as an object the template fails/)
  })

  it("falls back on the markers the prompt names when the turns show no call (Granite 3.3's)", () => {
    const { text, options } = vendored('granite-3.3-2b-instruct')
    const inference = inferTemplateFormat(text, options)
    expect([inference.format, inference.confidence]).toEqual(['granite', 'low'])
    expect(inference.reason).toMatch(/does not render an assistant turn's tool calls.*<\|tool_call\|>/)
  })

  it('names the format when a template garbles the arguments, with low confidence', () => {
    // Jinja's scoping keeps `set first = false` inside the loop: the arguments lose their commas.
    const { text, options } = vendored('vllm-gemma3-pythonic')
    const inference = inferTemplateFormat(text, options)
    expect([inference.format, inference.confidence]).toEqual(['pythonic', 'low'])
    expect(inference.reason).toMatch(/garbles them/)
  })
})

describe('inferTemplateFormat on hand-written templates', () => {
  it('prefers the text protocol Hermes to formats that read the same, and says which those are', () => {
    const inference = inferTemplateFormat(CLEAN_TEMPLATE)
    expect(inference).toMatchObject({ format: 'hermes', confidence: 'high', argumentsAs: 'object' })
    expect(inference.sameReading).toEqual(['ernie45'])
    expect(inference.reason).toMatch(/cannot tell it apart from hermes/)
  })

  it('lets the model hint break a tie the template cannot', () => {
    const inference = inferTemplateFormat(CLEAN_TEMPLATE, { model: 'baidu/ERNIE-4.5-21B-A3B-Thinking' })
    expect(inference.format).toBe('ernie45')
    expect(inference.sameReading).toEqual(['hermes'])
  })

  it('prefers the reader of the tags to a reader of the JSON inside them', () => {
    const inference = inferTemplateFormat(CLEAN_TEMPLATE)
    const oneCall = inference.evidence.find((item) => item.variant === 'one-call')
    // Llama 3's bare-JSON reader reads the object inside <tool_call> too, and loses the tie.
    expect(oneCall?.readers.map((reading) => reading.format)).toEqual(
      expect.arrayContaining(['hermes', 'ernie45', 'llama3-json']),
    )
    expect(inference.format).toBe('hermes')
  })

  it('tries the arguments as JSON text when objects make the template fail', () => {
    // Python cannot add a dict to a string: the template takes arguments as JSON text only.
    const template = cleanTemplateWith({
      call: "\n<function={{ call.function.name }}>{{ '' + call.function.arguments }}</function>",
    })
    const inference = inferTemplateFormat(template)
    expect(inference).toMatchObject({ format: 'functionary-v31', confidence: 'high', argumentsAs: 'json-string' })
    const failed = inference.evidence.find((item) => item.argumentsAs === 'object' && item.variant === 'one-call')
    expect(failed?.error?.message).toMatch(/can only concatenate str/)
    expect(inference.reason).toMatch(/given as JSON text/)
  })

  it('answers null when the template writes calls in a format none of ours reads', () => {
    const template = cleanTemplateWith({
      call: '<<CALL {{ call.function.name }} {{ call.function.arguments | tojson }}>>',
    })
    const inference = inferTemplateFormat(template)
    expect(inference.format).toBeNull()
    expect(inference.reason).toMatch(/No format reads the planted call back/)
  })

  it('answers null when unknown markers wrap a list a bare reader would take', () => {
    const template = cleanTemplateWith({
      callsLoop: '<TOOLCALL>[{%- for call in message.tool_calls or [] %}',
      call: '{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments | tojson }}}{{ ", " if not loop.last }}',
    }).replace('{%- endfor %}<|im_end|>', '{%- endfor %}]</TOOLCALL><|im_end|>')
    const inference = inferTemplateFormat(template)
    expect(inference.format).toBeNull()
    expect(inference.reason).toMatch(/inside markers of another format \(<TOOLCALL>\[ \.\.\. <\/TOOLCALL>\)/)
  })

  it("answers by the prompt's markers when the template renders no calls, with low confidence", () => {
    const inference = inferTemplateFormat(cleanTemplateWith({ callsLoop: '{%- for call in [] %}' }))
    expect([inference.format, inference.confidence]).toEqual(['hermes', 'low'])
    expect(inference.reason).toMatch(/does not render an assistant turn's tool calls.*Where the prompt lists the tools/)
  })

  it('answers null when the template renders no calls and names no marker', () => {
    const template = cleanTemplateWith({ callsLoop: '{%- for call in [] %}' }).replace(
      'Call one as <tool_call>{"name": ..., "arguments": {...}}</tool_call>.\n',
      '',
    )
    const inference = inferTemplateFormat(template)
    expect(inference.format).toBeNull()
    expect(inference.reason).toMatch(/does not render an assistant turn's tool calls/)
  })
})

describe('bad templates', () => {
  const bad: [string, string, RegExp][] = [
    ['raises', "{{ raise_exception('This template wants a system message.') }}", /raised.*wants a system message/],
    ['has a syntax error', '{% if messages %}{{ messages[0].content }}', /syntax/],
    [
      'loops without end',
      '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}',
      /limit.*steps/,
    ],
  ]

  it.each(bad)('a template that %s infers no format, with the error as the reason', (_, template, reason) => {
    const inference = inferTemplateFormat(template)
    expect(inference.format).toBeNull()
    expect(inference.reason).toMatch(reason)
  })

  it.each(bad)('a template that %s gives a round trip that says why', (_, template, reason) => {
    const trip = roundTrip(template, 'hermes')
    expect(trip.identical).toBe(false)
    expect(trip.problems.join(' ')).toMatch(reason)
  })
})

describe('roundTrip', () => {
  it('reads back what the template renders', () => {
    const trip = roundTrip(CLEAN_TEMPLATE, 'hermes')
    expect(trip).toMatchObject({ identical: true, problems: [], argumentsAs: 'object' })
    expect(trip.readBack).toEqual(trip.sent)
    expect(trip.rendered).toContain('<tool_call>')
  })

  it('compares arguments structurally, whatever their order or depth', () => {
    const calls: TemplateCall[] = [
      { name: 'plan_trip', arguments: { to: 'Zürich "Hbf"', days: 3, flexible: true, stops: ['Bern', 'Basel'] } },
      { name: 'book', arguments: { seat: { car: 7, window: null }, price: 12.5 } },
    ]
    const trip = roundTrip(CLEAN_TEMPLATE, 'hermes', calls)
    expect(trip.identical).toBe(true)
    expect(trip.readBack).toEqual(calls)
  })

  it("names what changed when the template garbles a call (vLLM's Llama 3.2 pythonic leaves strings unquoted)", () => {
    const { text, options } = vendored('vllm-llama3.2-pythonic')
    const trip = roundTrip(text, 'pythonic', undefined, options)
    expect(trip.identical).toBe(false)
    expect(trip.rendered).toContain('[probe_tool_a(city=Zzyzx, n=7)]')
    expect(trip.problems).toContain('With arguments as an object: the call: the argument "city" is lost')
  })

  it('says which argument a template drops', () => {
    const template = cleanTemplateWith({
      arguments: '{"city": {{ call.function.arguments.city | tojson }}}',
    })
    const trip = roundTrip(template, 'hermes', undefined, { argumentsAs: 'object' })
    expect(trip.problems).toEqual(['With arguments as an object: the call: the argument "n" is lost'])
  })

  it('refuses an unknown format and calls without a name, without throwing', () => {
    expect(roundTrip(CLEAN_TEMPLATE, 'no-such-format').problems).toEqual([
      'No format "no-such-format": see listFormats().',
    ])
    expect(roundTrip(CLEAN_TEMPLATE, 'hermes', [{ name: '', arguments: {} }]).problems).toEqual([
      'Call 1 needs a name and an arguments object.',
    ])
  })
})
