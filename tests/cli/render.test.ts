/**
 * `vcp render`: a template rendered byte for byte as renderChatTemplate renders it (from a file, a
 * tokenizer_config.json or the vendored catalog), --var and the special tokens, MCP tools converted,
 * --infer's JSON line on vendored templates, --list, and every error as exit 2 with one line.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../../src/cli/vcp'
import { FINDING_IDS, renderChatTemplate } from '../../src/core/templates'
import { VENDORED_TEMPLATES } from '../../src/templates/catalog'
import { readVendoredTemplate } from '../../src/templates/node'
import { memoryIo } from './memory-io'

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The weather now in a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
]

const MESSAGES = [
  { role: 'system', content: 'Answer briefly.' },
  { role: 'user', content: 'Weather in Zürich? ☀️' },
  {
    role: 'assistant',
    content: '',
    tool_calls: [
      { id: 'call00001', type: 'function', function: { name: 'get_weather', arguments: { city: 'Zürich' } } },
    ],
  },
  { role: 'tool', tool_call_id: 'call00001', name: 'get_weather', content: '18 °C, sunny' },
]

/** A small template that shows its inputs, ending with no line break. */
const SHOW =
  '{{ bos_token }}{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}{% if x is defined %}{{ x | tojson }}{% endif %}'

interface RenderTestIo extends CliIo {
  stdout: string[]
  stderr: string[]
  /** What was written with outRaw. */
  raw: string[]
}

function renderIo(files: Record<string, string>, stdin = ''): RenderTestIo {
  const raw: string[] = []
  return { ...memoryIo(files, stdin), raw, outRaw: (text) => raw.push(text) }
}

async function run(args: string[], files: Record<string, string> = {}, stdin = '') {
  const io = renderIo(files, stdin)
  const status = await runCli(['render', ...args], io)
  return { status, io }
}

let qwen = ''

beforeAll(async () => {
  qwen = await readVendoredTemplate('qwen3-coder')
})

describe('vcp render', () => {
  it('prints a vendored template exactly as renderChatTemplate renders it, from the catalog or a file', async () => {
    const expected = renderChatTemplate(qwen, { messages: MESSAGES, tools: TOOLS, addGenerationPrompt: true })
    if (!expected.ok) throw new Error(expected.error.message)
    const files = { 'qwen.jinja': qwen, 'messages.json': JSON.stringify(MESSAGES), 'tools.json': JSON.stringify(TOOLS) }
    const rest = ['--messages', 'messages.json', '--tools', 'tools.json', '--generation-prompt']
    for (const template of [['--model', 'qwen3-coder'], ['qwen.jinja']]) {
      const { status, io } = await run([...template, ...rest], files)
      expect(status).toBe(0)
      expect(io.raw).toEqual([expected.text])
      expect(io.stdout).toEqual([])
      expect(io.stderr).toEqual([])
    }
  })

  it("reads the files as Python's json does: a float stays a float, keys keep their order, big ints their digits", async () => {
    const messages =
      '[{"role": "user", "content": "x", "extra": {"2": 1.0, "1": 1e3, "big": 12345678901234567890, "n": -0.0}}]'
    const files = { 't.jinja': '{{ messages[0].extra | tojson }}|{{ n }}', 'm.json': messages }
    const { status, io } = await run(['t.jinja', '--messages', 'm.json', '--var', 'n=2.0'], files)
    expect(status).toBe(0)
    expect(io.raw.join('')).toBe('{"2": 1.0, "1": 1000.0, "big": 12345678901234567890, "n": -0.0}|2.0')
  })

  it('takes the messages and tools from one file, or the messages from standard input', async () => {
    const expected = renderChatTemplate(qwen, { messages: MESSAGES, tools: TOOLS })
    const both = { 'chat.json': JSON.stringify({ messages: MESSAGES, tools: TOOLS }) }
    expect((await run(['--model', 'qwen3-coder', '--messages', 'chat.json'], both)).io.raw).toEqual([
      expected.ok && expected.text,
    ])
    const { io } = await run(['--model', 'qwen3-coder', '--messages', '-'], {}, JSON.stringify(MESSAGES))
    const withoutTools = renderChatTemplate(qwen, { messages: MESSAGES })
    expect(io.raw).toEqual([withoutTools.ok && withoutTools.text])
  })

  it('converts an MCP tools/list result into OpenAI tool definitions', async () => {
    const listed = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'get_weather',
            description: 'The weather now in a city.',
            inputSchema: TOOLS[0]?.function.parameters,
          },
        ],
      },
    }
    const files = { 'm.json': JSON.stringify(MESSAGES), 'mcp.json': JSON.stringify(listed) }
    const { io } = await run(['--model', 'qwen3-coder', '--messages', 'm.json', '--tools', 'mcp.json'], files)
    const expected = renderChatTemplate(qwen, { messages: MESSAGES, tools: TOOLS })
    expect(io.raw).toEqual([expected.ok && expected.text])
  })

  it('reads a tokenizer_config.json: the template apply_chat_template picks, or the one named, and its special tokens', async () => {
    const config = {
      chat_template: [
        { name: 'default', template: SHOW },
        { name: 'tool_use', template: '{{ bos_token }}{{ eos_token }} tools: {{ tools | length }}' },
      ],
      bos_token: { content: '<s>', lstrip: false },
      eos_token: '</s>',
    }
    const files = {
      'tokenizer_config.json': JSON.stringify(config),
      'm.json': JSON.stringify(MESSAGES.slice(0, 2)),
      't.json': JSON.stringify(TOOLS),
    }
    const plain = await run(['tokenizer_config.json', '--messages', 'm.json'], files)
    expect(plain.io.raw).toEqual(['<s>[system]Answer briefly.[user]Weather in Zürich? ☀️'])
    const tools = await run(['tokenizer_config.json', '--messages', 'm.json', '--tools', 't.json'], files)
    expect(tools.io.raw).toEqual(['<s></s> tools: 1'])
    const named = ['tokenizer_config.json', '--messages', 'm.json', '--tools', 't.json', '--template-name', 'default']
    expect((await run([...named, '--bos', '<B>'], files)).io.raw).toEqual([
      '<B>[system]Answer briefly.[user]Weather in Zürich? ☀️',
    ])
  })

  it('passes --var values as JSON when they parse, else as text, over the special tokens', async () => {
    const files = { 't.jinja': SHOW, 'm.json': '[]' }
    const cases: [string[], string][] = [
      [['--var', 'x=false'], 'false'],
      [['--var', 'x={"a": [1, "é"]}'], '{"a": [1, "é"]}'],
      [['--var', 'x=plain words'], '"plain words"'],
      [['--var', 'x='], '""'],
      [['--bos', '<s>', '--var', 'bos_token=<|begin|>', '--var', 'x=2'], '<|begin|>2'],
    ]
    for (const [vars, expected] of cases) {
      const { status, io } = await run(['t.jinja', '--messages', 'm.json', ...vars], files)
      expect(status, vars.join(' ')).toBe(0)
      expect(io.raw, vars.join(' ')).toEqual([expected])
    }
    const thinking = await run(['--model', 'qwen3-0.6b', '--messages', 'm.json', '--var', 'enable_thinking=false'], {
      'm.json': JSON.stringify([{ role: 'user', content: 'Hi' }]),
    })
    const expected = renderChatTemplate(await readVendoredTemplate('qwen3-0.6b'), {
      messages: [{ role: 'user', content: 'Hi' }],
      variables: { enable_thinking: false },
    })
    expect(thinking.io.raw).toEqual([expected.ok && expected.text])
  })

  it('lists the vendored templates, one JSON line each', async () => {
    const { status, io } = await run(['--list'])
    expect(status).toBe(0)
    const lines = io.stdout.map((line) => JSON.parse(line) as { id: string; formats: string[] })
    expect(lines.map((line) => line.id)).toEqual(VENDORED_TEMPLATES.map((entry) => entry.id))
    expect(lines[0]).toEqual({
      id: VENDORED_TEMPLATES[0]?.id,
      label: VENDORED_TEMPLATES[0]?.label,
      family: VENDORED_TEMPLATES[0]?.family,
      formats: VENDORED_TEMPLATES[0]?.formats,
    })
  })
})

describe('vcp render --infer', () => {
  it.each([
    ['hermes-3-llama-3.1-8b', 'hermes'],
    ['qwen3-coder', 'qwen3-coder'],
  ])('prints one JSON line for %s: format, evidence, findings and round trip', async (id, format) => {
    const { status, io } = await run(['--model', id, '--infer'])
    expect(status).toBe(0)
    expect(io.stdout).toHaveLength(1)
    const line = JSON.parse(io.stdout[0] as string) as Record<string, unknown>
    expect(Object.keys(line).slice(0, 1)).toEqual(['format'])
    expect(line).toMatchObject({ format, confidence: 'high', roundTrip: { identical: true } })
    expect(line.evidence).toEqual(
      expect.arrayContaining([expect.objectContaining({ variant: 'one-call', assistantSpan: expect.any(String) })]),
    )
    const findings = line.findings as { id: string; severity: string }[]
    expect(findings.every((finding) => (FINDING_IDS as readonly string[]).includes(finding.id))).toBe(true)
    expect(typeof line.reason).toBe('string')
  })

  it('infers a template written for llama.cpp in its dialect, and renders in the dialect asked for', async () => {
    const inferred = await run(['--model', 'kimi-k2-instruct', '--infer'])
    expect(inferred.status).toBe(0)
    const line = JSON.parse(inferred.io.stdout[0] as string) as Record<string, unknown>
    expect(line).toMatchObject({ format: 'kimi-k2', dialect: 'llama.cpp', roundTrip: { identical: true } })
    const strict = await run(['--model', 'kimi-k2-instruct', '--infer', '--dialect', 'transformers'])
    expect(JSON.parse(strict.io.stdout[0] as string)).toMatchObject({ format: null, dialect: 'transformers' })

    const list = '{% set l = [] %}{% set _ = l.append(messages[0].content) %}{{ l|tojson }}'
    const files = { 'append.jinja': list, 'm.json': JSON.stringify(MESSAGES) }
    const relaxed = await run(['append.jinja', '--messages', 'm.json', '--dialect', 'llama.cpp'], files)
    expect([relaxed.status, relaxed.io.raw.join('')]).toEqual([0, JSON.stringify([MESSAGES[0]?.content])])
    const refused = await run(['append.jinja', '--messages', 'm.json'], files)
    expect(refused.status).toBe(2)
    expect(refused.io.stderr.join('')).toMatch(/SecurityError: access to attribute 'append' of 'list' object is unsafe/)
    const unknown = await run(['append.jinja', '--messages', 'm.json', '--dialect', 'minja'], files)
    expect([unknown.status, unknown.io.stderr.join('')]).toEqual([
      2,
      expect.stringMatching(/--dialect is transformers or llama\.cpp, got "minja"/),
    ])
  })

  it('answers null with its reason for a template that writes no format of ours', async () => {
    const { status, io } = await run(['t.jinja', '--infer'], { 't.jinja': SHOW })
    expect(status).toBe(0)
    const line = JSON.parse(io.stdout[0] as string) as Record<string, unknown>
    expect(line).toMatchObject({ format: null, confidence: 'low', roundTrip: null })
    expect(line.reason).toMatch(/does not render an assistant turn's tool calls/)
  })
})

describe('vcp render errors: exit 2 with one line on standard error', () => {
  const files = {
    'm.json': JSON.stringify(MESSAGES),
    'bad.json': '[{"role": "user",',
    'syntax.jinja': '{% for m in messages %}\n{{ m.content | nope }}\n{% endfor %}',
    'undefined.jinja': 'ok\n  {{ messages[0].content.missing.deeper }}',
    'raise.jinja':
      '{% if messages[0].role == "system" %}{{ raise_exception("No system\nmessages, please") }}{% endif %}',
    'empty_config.json': '{"bos_token": "<s>"}',
    'two.json': JSON.stringify({
      chat_template: [
        { name: 'a', template: 'A' },
        { name: 'b', template: 'B' },
      ],
    }),
    'notools.json': '{"tools": 3}',
    'short-ids.json': JSON.stringify([
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: {} } }],
      },
    ]),
  }
  it.each([
    ['an unreadable template', ['missing.jinja', '--messages', 'm.json'], /^vcp render: cannot read missing\.jinja: /],
    ['an unreadable messages file', ['syntax.jinja', '--messages', 'nope.json'], /^vcp render: cannot read nope\.json/],
    ['messages that are not JSON', ['syntax.jinja', '--messages', 'bad.json'], /^vcp render: bad\.json is not JSON: /],
    [
      'messages that are not a list',
      ['syntax.jinja', '--messages', 'notools.json'],
      /must hold a JSON array of messages/,
    ],
    [
      'tools that are not a list',
      ['syntax.jinja', '--messages', 'm.json', '--tools', 'notools.json'],
      /notools\.json must hold a JSON array of tool definitions/,
    ],
    [
      'a template that does not parse',
      ['syntax.jinja', '--messages', 'm.json'],
      /^vcp render: syntax\.jinja: the template failed \(syntax at line 2, column 1\): TemplateAssertionError: No filter named 'nope'/,
    ],
    [
      'a template that fails on the conversation',
      ['undefined.jinja', '--messages', 'm.json'],
      /^vcp render: undefined\.jinja: the template failed \(runtime at line 2, column 3\): UndefinedError: /,
    ],
    [
      'a template that calls raise_exception',
      ['raise.jinja', '--messages', 'm.json'],
      /^vcp render: raise\.jinja: the template raised an exception \(raised at line 1, column \d+\): No system messages, please$/,
    ],
    [
      'a vendored template that raises',
      ['--model', 'mistral-small-3.2-24b-instruct-2506', '--messages', 'short-ids.json'],
      /the template raised an exception \(raised at line \d+, column \d+\): Tool call IDs should be alphanumeric strings with length 9!$/,
    ],
    ['a template that does not parse, with --infer', ['syntax.jinja', '--infer'], /\(syntax at line 2, column 1\)/],
    ['a config with no template', ['empty_config.json', '--messages', 'm.json'], /has no chat_template/],
    ['a config with no default', ['two.json', '--messages', 'm.json'], /name one of: a, b/],
    [
      'an unknown template name',
      ['two.json', '--messages', 'm.json', '--template-name', 'c'],
      /no chat template named "c"/,
    ],
    ['--template-name with a .jinja file', ['syntax.jinja', '--infer', '--template-name', 'a'], /is a template itself/],
    ['an unknown vendored id', ['--model', 'nope', '--messages', 'm.json'], /no vendored template "nope"/],
    ['no --messages', ['syntax.jinja'], /give --messages FILE/],
    ['no template', ['--messages', 'm.json'], /give a template file/],
    ['a file and --model', ['a.jinja', '--model', 'qwen3-coder', '--infer'], /not both/],
    ['--messages with --infer', ['a.jinja', '--infer', '--messages', 'm.json'], /--infer probes the template/],
    ['--list with more', ['--list', '--infer'], /--list takes nothing else/],
    ['a bad --var', ['a.jinja', '--messages', 'm.json', '--var', 'no-equals'], /--var needs NAME=VALUE/],
    ['a reserved --var', ['a.jinja', '--messages', 'm.json', '--var', 'tools=[]'], /--var tools: give it with --tools/],
    ['an unknown option', ['a.jinja', '--messages', 'm.json', '--frob'], /unknown option --frob/],
  ])('%s', async (_, args, message) => {
    const { status, io } = await run(args, { ...files })
    expect(status).toBe(2)
    expect(io.stderr).toHaveLength(1)
    expect(io.stderr[0]).not.toMatch(/\n/)
    expect(io.stderr[0]).toMatch(message)
    expect([...io.stdout, ...io.raw]).toEqual([])
  })
})

describe('vcp render as a process', () => {
  const root = resolve(__dirname, '../..')
  let dir = ''

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vcp-render-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  it('writes the prompt to standard output byte for byte, with no line end added', async () => {
    const template = join(dir, 'show.jinja')
    const messages = join(dir, 'messages.json')
    await writeFile(template, SHOW, 'utf8')
    await writeFile(messages, JSON.stringify(MESSAGES), 'utf8')
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/vcp.ts', 'render', template, '--messages', messages, '--bos', '<s>', '--var', 'x=1'],
      { cwd: root, encoding: 'buffer' },
    )
    const expected = renderChatTemplate(SHOW, {
      messages: MESSAGES,
      specialTokens: { bos_token: '<s>' },
      variables: { x: 1 },
    })
    if (!expected.ok) throw new Error(expected.error.message)
    expect(expected.text.endsWith('1')).toBe(true)
    expect(stdout.equals(Buffer.from(expected.text, 'utf8'))).toBe(true)
    expect(stderr.length).toBe(0)
  }, 60_000)
})
