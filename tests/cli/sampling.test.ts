import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runCli } from '../../src/cli/vcp'
import { readSamplingArguments, samplingHandlersFromArguments } from '../../src/cli/sampling'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { samplingScenarios } from '../../scripts/mock-llm/sampling-scenarios'
import { memoryIo } from './memory-io'

const everything = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const config = JSON.stringify({
  mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
})
const reply =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」everything_trigger-sampling-request「末」,\nprompt:「始」What is 2 + 40?「末」,\nmaxTokens:「始」50「末」\n<<<[END_TOOL_REQUEST]>>>'

interface ExecOutput {
  results: { toolName: string; status: string; result?: string }[]
}

describe('the sampling options', () => {
  it('are taken out of a command line, both or neither', () => {
    expect(readSamplingArguments(['a', '--sampling-endpoint', 'http://x/v1', '--sampling-model', 'm', 'b'])).toEqual({
      rest: ['a', 'b'],
      flags: { endpoint: 'http://x/v1', model: 'm' },
    })
    expect(readSamplingArguments(['--sampling-model', 'm'])).toEqual({
      error: '--sampling-model needs --sampling-endpoint URL (where the model is)',
    })
    expect(readSamplingArguments(['--sampling-endpoint'])).toEqual({ error: '--sampling-endpoint needs a value' })
    const made = samplingHandlersFromArguments(['x'], { err: () => {} })
    expect('handlers' in made && typeof made.handlers.sampling).toBe('function')
  })

  it('one without the other is bad usage (exit 2); a command that connects no server does not take them', async () => {
    const io = memoryIo({ 'mcp.json': config, r: reply })
    expect(await runCli(['exec', '--mcp-config', 'mcp.json', '--sampling-endpoint', 'http://x/v1', 'r'], io)).toBe(2)
    expect(io.stderr[0]).toMatch(/^vcp exec: --sampling-endpoint needs --sampling-model NAME/)
    const parse = memoryIo({ r: reply })
    expect(await runCli(['parse', '--sampling-model', 'm', 'r'], parse)).toBe(2)
    expect(parse.stderr[0]).toMatch(/^vcp parse: unknown option --sampling-model/)
  })
})

describe('vcp exec answers a server that asks for a completion', () => {
  let llm: MockLlm
  beforeAll(async () => {
    llm = await startMockLlm({ scenarios: samplingScenarios, apiKey: 'sk-sampling' })
  })
  afterAll(() => llm.close())

  it('with --sampling-endpoint and --sampling-model the model answers, with no one asked', async () => {
    const io = { ...memoryIo({ 'mcp.json': config, r: reply }), env: { VCP_SAMPLING_API_KEY: 'sk-sampling' } }
    const folder = mkdtempSync(join(tmpdir(), 'vcp-sampling-'))
    const args = ['exec', '--mcp-config', 'mcp.json', '--files', folder]
    expect(
      await runCli([...args, '--sampling-endpoint', llm.baseUrl, '--sampling-model', 'sampling-echo', 'r'], io),
    ).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as ExecOutput
    expect(out.results[0]).toMatchObject({ toolName: 'everything_trigger-sampling-request', status: 'success' })
    expect(out.results[0]?.result).toContain(
      'Mock model read: Resource trigger-sampling-request context: What is 2 + 40?',
    )
    expect(out.results[0]?.result).toContain('"model": "sampling-echo"')
    expect(io.stderr).toContain(
      'sampling: "everything" asked for a completion (1 message, at most 50 tokens); sampling-echo answered (75 characters, endTurn)',
    )
    expect(llm.chatRequests().at(-1)).toMatchObject({
      max_tokens: 50,
      temperature: 0.7,
      messages: [{ role: 'system', content: 'You are a helpful test server.' }, { role: 'user' }],
    })
    expect(llm.requests.at(-1)?.authorization).toBe('Bearer sk-sampling')
  }, 60_000)

  it("an endpoint's error is the server's refusal, said on stderr", async () => {
    const io = memoryIo({ 'mcp.json': config, r: reply })
    const folder = mkdtempSync(join(tmpdir(), 'vcp-sampling-'))
    const args = ['exec', '--mcp-config', 'mcp.json', '--files', folder, '--sampling-endpoint', llm.baseUrl]
    expect(await runCli([...args, '--sampling-model', 'sampling-echo', 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as ExecOutput
    expect(out.results[0]).toMatchObject({ status: 'error' })
    expect(out.results[0]?.result).toContain('could not answer the sampling request: 401 Unauthorized')
    expect(io.stderr.find((line) => line.startsWith('sampling: '))).toMatch(/; refused: The model "sampling-echo"/)
  }, 60_000)

  it('without the options sampling is declared and every request refused with how to answer it', async () => {
    const io = memoryIo({ 'mcp.json': config, r: reply })
    const folder = mkdtempSync(join(tmpdir(), 'vcp-sampling-'))
    expect(await runCli(['exec', '--mcp-config', 'mcp.json', '--files', folder, 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as ExecOutput
    expect(out.results[0]).toMatchObject({ toolName: 'everything_trigger-sampling-request', status: 'error' })
    expect(out.results[0]?.result).toContain(
      'MCP server "everything" asked for a completion; start vcp with --sampling-endpoint URL --sampling-model NAME to answer it',
    )
    expect(io.stderr).toContain(
      'sampling: "everything" asked for a completion (1 message, at most 50 tokens); refused: MCP server "everything" asked for a completion; start vcp with --sampling-endpoint URL --sampling-model NAME to answer it',
    )
  }, 60_000)

  it('vcp tools lists the sampling tool, the capability being declared', async () => {
    const io = memoryIo({ 'mcp.json': config })
    expect(await runCli(['tools', '--mcp-config', 'mcp.json'], io)).toBe(0)
    expect(io.stdout.some((line) => line.includes('"everything_trigger-sampling-request"'))).toBe(true)
  }, 60_000)
})
