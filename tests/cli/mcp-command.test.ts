/**
 * `vcp mcp list | get-prompt | read` run as a process against server-everything over stdio, and
 * every way the command can fail (in-process): exit 2, one line on stderr, nothing on stdout.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/vcp'
import { memoryIo } from './memory-io'

const root = resolve(__dirname, '../..')
const everything = {
  command: process.execPath,
  args: [join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
}
const broken = { command: join(root, 'no-such-folder/no-such-server') }

/** Only server-everything. */
let config = ''
/** server-everything and a server whose program does not exist. */
let withBroken = ''

beforeAll(() => {
  const folder = mkdtempSync(join(tmpdir(), 'vcp-mcp-command-'))
  config = join(folder, 'mcp.json')
  withBroken = join(folder, 'with-broken.json')
  writeFileSync(config, JSON.stringify({ mcpServers: { everything } }))
  writeFileSync(withBroken, JSON.stringify({ mcpServers: { everything, broken } }))
})

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** The real CLI as a process; its exit status and what it printed. */
async function vcp(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/vcp.ts', ...args],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string }
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    }
  }
}

/** Exit 2, nothing on stdout, and exactly one line on stderr holding `reason`. */
function expectFailure(run: Run, reason: string | RegExp): void {
  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
  expect(run.stderr).toMatch(reason)
}

interface Listing {
  tools: {
    name: string
    title?: string
    description: string
    inputSchema: { properties?: object }
    annotations?: object
  }[]
  prompts: { name: string; arguments: { name: string; required: boolean }[] }[]
  resources: { uri: string; name: string }[]
  resourceTemplates: { uriTemplate: string; variables: string[] }[]
  problems?: string[]
}

describe('vcp mcp against server-everything', () => {
  it("list prints each server's tools, prompts, resources and templates", async () => {
    const run = await vcp('mcp', 'list', '--mcp-config', config, '--root', root)
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    const listing = JSON.parse(lines[0] as string) as Record<string, Listing>
    expect(Object.keys(listing)).toEqual(['everything'])
    const server = listing.everything as Listing
    const echo = server.tools.find((tool) => tool.name === 'echo')
    expect(echo).toMatchObject({ title: 'Echo Tool', annotations: { readOnlyHint: true } })
    expect(echo?.inputSchema.properties).toHaveProperty('message')
    // Sampling is declared (as in every command that connects servers) and --root declares roots:
    // the server offers the tools it keeps for clients that answer them.
    expect(server.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['trigger-sampling-request', 'get-roots-list']),
    )
    expect(server.prompts.find((prompt) => prompt.name === 'args-prompt')?.arguments).toEqual([
      expect.objectContaining({ name: 'city', required: true }),
      expect.objectContaining({ name: 'state', required: false }),
    ])
    expect(server.resources.map((resource) => resource.uri)).toContain('demo://resource/static/document/features.md')
    expect(server.resourceTemplates).toContainEqual(
      expect.objectContaining({ uriTemplate: 'demo://resource/dynamic/text/{resourceId}', variables: ['resourceId'] }),
    )
    expect(server.problems).toBeUndefined()
  }, 120_000)

  it('get-prompt fills the prompt with --arg and connects only the named server', async () => {
    const run = await vcp(
      'mcp',
      'get-prompt',
      '--mcp-config',
      withBroken,
      'everything',
      'args-prompt',
      '--arg',
      'city=Paris',
    )
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      messages: [{ role: 'user', parts: [{ type: 'text', text: "What's weather in Paris?" }] }],
    })
  }, 120_000)

  it('read prints a listed resource and a resource made from a template', async () => {
    const [listed, dynamic] = await Promise.all([
      vcp('mcp', 'read', '--mcp-config', config, 'everything', 'demo://resource/static/document/features.md'),
      vcp('mcp', 'read', '--mcp-config', config, 'everything', 'demo://resource/dynamic/text/1'),
    ])
    expect(listed.code).toBe(0)
    const [document] = (JSON.parse(listed.stdout) as { contents: { text: string }[] }).contents
    expect(document).toMatchObject({
      uri: 'demo://resource/static/document/features.md',
      mimeType: 'text/markdown',
      kind: 'text',
    })
    expect(document?.text).toContain('# Everything Server - Features')
    expect(dynamic.code).toBe(0)
    expect(JSON.parse(dynamic.stdout)).toEqual({
      contents: [
        expect.objectContaining({
          uri: 'demo://resource/dynamic/text/1',
          kind: 'text',
          text: expect.stringMatching(/^Resource 1: /),
        }),
      ],
    })
  }, 120_000)

  it("exits 2 with the server's reason for an unknown prompt or URI", async () => {
    const [prompt, uri] = await Promise.all([
      vcp('mcp', 'get-prompt', '--mcp-config', config, 'everything', 'no-such-prompt'),
      vcp('mcp', 'read', '--mcp-config', config, 'everything', 'demo://no/such/resource'),
    ])
    expectFailure(
      prompt,
      /^vcp mcp get-prompt: Getting the prompt "no-such-prompt" of "everything" failed: .*not found/,
    )
    expectFailure(uri, /^vcp mcp read: Reading demo:\/\/no\/such\/resource from "everything" failed: .*not found/)
  }, 120_000)

  it('list exits 2 naming the server that cannot connect, printing nothing', async () => {
    expectFailure(await vcp('mcp', 'list', '--mcp-config', withBroken), /^vcp mcp list: Could not connect to "broken"/)
  }, 120_000)
})

describe('vcp mcp with a command line or configuration it cannot use', () => {
  // Run in-process: the same runCli as the process, without starting one per case.
  const files = () => ({
    'mcp.json': JSON.stringify({ mcpServers: { everything } }),
    'with-broken.json': JSON.stringify({ mcpServers: { everything, broken } }),
    'not-json.json': '{"mcpServers": ',
  })
  const cases: [string, string[], string | RegExp][] = [
    ['no action', ['mcp'], 'vcp mcp: no action given'],
    ['an unknown action', ['mcp', 'lst'], 'vcp mcp: unknown action "lst"'],
    ['no --mcp-config', ['mcp', 'list'], 'vcp mcp list: --mcp-config FILE is needed'],
    ['an unreadable config', ['mcp', 'list', '--mcp-config', 'missing.json'], 'vcp mcp list: cannot read missing.json'],
    [
      'a reason holding a line break and a direction mark',
      ['mcp', 'list', '--mcp-config', 'bad\n\u202Ename.json'],
      "vcp mcp list: cannot read bad name.json: ENOENT: no such file, open 'bad name.json'",
    ],
    ['a config that is not JSON', ['mcp', 'list', '--mcp-config', 'not-json.json'], 'The configuration is not JSON'],
    [
      'an unknown server',
      ['mcp', 'read', '--mcp-config', 'with-broken.json', 'nothing', 'demo://x'],
      'vcp mcp read: no server "nothing" in with-broken.json (it has: everything, broken)',
    ],
    [
      'a --arg without =',
      ['mcp', 'get-prompt', '--mcp-config', 'mcp.json', 'everything', 'args-prompt', '--arg', 'city'],
      'vcp mcp get-prompt: --arg needs key=value, got "city"',
    ],
    [
      'missing operands',
      ['mcp', 'get-prompt', '--mcp-config', 'mcp.json', 'everything'],
      'vcp mcp get-prompt: missing NAME (usage: vcp mcp get-prompt',
    ],
    ['missing operands of read', ['mcp', 'read', '--mcp-config', 'mcp.json'], 'vcp mcp read: missing SERVER URI'],
    [
      'a server that fails to connect',
      ['mcp', 'read', '--mcp-config', 'with-broken.json', 'broken', 'demo://x'],
      'vcp mcp read: Could not connect to "broken"',
    ],
    [
      'a --root without a folder',
      ['mcp', 'list', '--mcp-config', 'mcp.json', '--root'],
      'vcp mcp list: --root needs a folder',
    ],
    [
      'a sampling endpoint without a model',
      ['mcp', 'list', '--mcp-config', 'mcp.json', '--sampling-endpoint', 'http://127.0.0.1:9/v1'],
      'vcp mcp list: --sampling-endpoint needs --sampling-model',
    ],
  ]
  it.each(cases)('exits 2 for %s', async (_, args, reason) => {
    const io = memoryIo(files())
    const code = await runCli(args, io)
    expectFailure({ code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') }, reason)
  })
})
