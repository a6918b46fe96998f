/** `vcp formats` and the native-format options of `vcp parse`, `check` and `exec`. */
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/vcp'
import { memoryIo } from './memory-io'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const QWEN =
  '<tool_call>\n<function=calc_evaluate>\n<parameter=expression>\n6*7\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>'
const TOOLS = JSON.stringify([
  {
    type: 'function',
    function: {
      name: 'calc_evaluate',
      parameters: { type: 'object', properties: { expression: { type: 'string' }, precision: { type: 'integer' } } },
    },
  },
])

describe('vcp formats', () => {
  it('prints one JSON line per format with its models and an example that parses back', async () => {
    const io = memoryIo({})
    expect(await runCli(['formats'], io)).toBe(0)
    const formats = io.stdout.map(
      (line) => JSON.parse(line) as { id: string; family: string; models: string[]; example: string },
    )
    expect(formats.length).toBeGreaterThanOrEqual(38)
    expect(formats.map((f) => f.id)).toEqual(
      expect.arrayContaining([
        'vcp',
        'hermes',
        'mistral',
        'qwen3-coder',
        'harmony',
        'kimi-k2',
        'deepseek-v32',
        'glm45',
        'pythonic',
      ]),
    )
    for (const format of formats) {
      expect(format.models.length, format.id).toBeGreaterThan(0)
      const parsed = memoryIo({ r: format.example })
      await runCli(['parse', '--protocol', format.id, 'r'], parsed)
      expect(
        JSON.parse(parsed.stdout[0] as string).requests.map((r: { toolName: string }) => r.toolName),
        format.id,
      ).toEqual(['calc_evaluate'])
    }
  })

  it('with --model, prints the formats that model writes; an unknown model is said on stderr', async () => {
    const io = memoryIo({})
    expect(await runCli(['formats', '--model', 'openai/gpt-oss-120b'], io)).toBe(0)
    expect(io.stdout.map((line) => JSON.parse(line).id)).toEqual(['harmony'])
    const unknown = memoryIo({})
    expect(await runCli(['formats', '--model', 'my-own-model'], unknown)).toBe(0)
    expect(unknown.stdout).toEqual([])
    expect(unknown.stderr[0]).toContain('no format is known for the model "my-own-model"')
  })
})

describe('vcp parse with hints', () => {
  it('types values by --tools and says what auto detected', async () => {
    const bare = memoryIo({ r: QWEN })
    expect(await runCli(['parse', 'r'], bare)).toBe(0)
    expect(JSON.parse(bare.stdout[0] as string).requests[0].arguments).toEqual({ expression: '6*7', precision: '3' })
    const typed = memoryIo({ r: QWEN, 'tools.json': TOOLS })
    expect(await runCli(['parse', '--tools', 'tools.json', 'r'], typed)).toBe(0)
    const out = JSON.parse(typed.stdout[0] as string)
    expect(out.requests[0].arguments).toEqual({ expression: '6*7', precision: 3 })
    expect(out.detected).toEqual([expect.objectContaining({ id: 'qwen3-coder', requests: 1 })])
  })

  it('reads a bare pythonic list only with --model or a given tool', async () => {
    const reply = '[calc_evaluate(expression="6*7")]'
    const none = memoryIo({ r: reply })
    await runCli(['parse', 'r'], none)
    expect(JSON.parse(none.stdout[0] as string).requests).toEqual([])
    const hinted = memoryIo({ r: reply })
    await runCli(['parse', '--model', 'meta-llama/Llama-4-Scout-17B-16E-Instruct', 'r'], hinted)
    expect(JSON.parse(hinted.stdout[0] as string).requests.map((r: { toolName: string }) => r.toolName)).toEqual([
      'calc_evaluate',
    ])
  })

  it('streams with --chunk to the same result', async () => {
    const one = memoryIo({ r: QWEN, 'tools.json': TOOLS })
    const streamed = memoryIo({ r: QWEN, 'tools.json': TOOLS })
    await runCli(['parse', '--tools', 'tools.json', 'r'], one)
    await runCli(['parse', '--tools', 'tools.json', '--chunk', '5', 'r'], streamed)
    expect(streamed.stdout).toEqual(one.stdout)
  })

  it('refuses a --tools file that is not a list of tools, and an unknown format, with the reason', async () => {
    const io = memoryIo({ r: QWEN, 'tools.json': '{"not": "tools"}', 'broken.json': '[{' })
    expect(await runCli(['parse', '--tools', 'tools.json', 'r'], io)).toBe(2)
    expect(io.stderr[0]).toContain('tools.json must hold a JSON array of tool definitions')
    expect(await runCli(['parse', '--tools', 'broken.json', 'r'], io)).toBe(2)
    expect(io.stderr[1]).toContain('broken.json is not JSON')
    expect(await runCli(['parse', '--protocol', 'qwen3coder', 'r'], io)).toBe(2)
    expect(io.stderr[2]).toContain('unknown protocol "qwen3coder" (vcp formats lists the formats)')
  })
})

describe('vcp exec and check on a native reply', () => {
  it('runs a Mistral reply against the built-in tools, and check agrees', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-native-'))
    const reply = '[TOOL_CALLS]calc_evaluate[ARGS]{"expression": "6*7"}'
    const checked = memoryIo({ r: reply })
    expect(await runCli(['check', '--files', folder, '--model', 'mistralai/Devstral-Small-2507', 'r'], checked)).toBe(0)
    expect(JSON.parse(checked.stdout[0] as string).requests.map((r: { verdict: string }) => r.verdict)).toEqual([
      'ready',
    ])
    const ran = memoryIo({ r: reply })
    expect(await runCli(['exec', '--files', folder, 'r'], ran)).toBe(0)
    const results = JSON.parse(ran.stdout[0] as string).results as { status: string; result: string }[]
    expect(results.map((r) => r.status)).toEqual(['success'])
    expect(results[0]?.result).toContain('42')
  })
})
