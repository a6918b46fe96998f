/**
 * `vcp check` and `vcp exec` against a server whose schema holds a catastrophic pattern: both end
 * (the check runs on RE2), give the right verdict, and say what was refused of the server's tools.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../../src/cli/vcp'
import { createNodeBuiltinTools } from '../../src/tools/node'
import { hostileTransport } from '../fixtures/mcp/hostile-server'

const TOOLS = [
  { name: 'match', description: 'Matches.', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, required: ['s'] } },
  { name: 'bad\nname', inputSchema: { type: 'object' } },
]
const REPLY = [
  '<tool_call>{"name": "evil_match", "arguments": {"s": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}}</tool_call>',
  '<tool_call>{"name": "evil_match", "arguments": {"s": "aaaa"}}</tool_call>',
].join('\n')

function io(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = []
  const stderr: string[] = []
  const files: Record<string, string> = { 'mcp.json': JSON.stringify({ mcpServers: { evil: { url: 'http://127.0.0.1:1/mcp' } } }), r: REPLY }
  return {
    stdout,
    stderr,
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT: ${path}`)
      return files[path] as string
    },
    writeFile: async (path, text) => void (files[path] = text),
    readStdin: async () => '',
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    builtinTools: (folder) => createNodeBuiltinTools({ folder }),
    mcpTransport: () => hostileTransport(TOOLS),
  }
}

describe('vcp with a hostile server', () => {
  it('check ends with the right verdicts and warns of the refused tool', async () => {
    const cli = io()
    expect(await runCli(['check', '--files', mkdtempSync(join(tmpdir(), 'vcp-hostile-')), '--mcp-config', 'mcp.json', 'r'], cli)).toBe(0)
    const out = JSON.parse(cli.stdout[0] as string) as { requests: { verdict: string; reason?: string }[] }
    expect(out.requests.map((r) => r.verdict)).toEqual(['invalid-arguments', 'ready'])
    expect(out.requests[0]?.reason).toContain('must match pattern')
    expect(cli.stderr.join('\n')).toContain('vcp check: warning: MCP server "evil": The tool "bad\\nname" of "evil" was refused')
  })

  it('exec ends too, running only the valid call', async () => {
    const cli = io()
    expect(await runCli(['exec', '--files', mkdtempSync(join(tmpdir(), 'vcp-hostile-')), '--mcp-config', 'mcp.json', 'r'], cli)).toBe(0)
    const out = JSON.parse(cli.stdout[0] as string) as { results: { status: string; result: string }[] }
    expect(out.results.map((r) => r.status)).toEqual(['error', 'success'])
    expect(out.results[1]?.result).toBe('called match')
  })
})
