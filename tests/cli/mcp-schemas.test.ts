/**
 * `vcp check` and `vcp exec` against a server process whose schema holds a catastrophic pattern:
 * both end (the check runs on RE2), give the right verdict, and say what was refused of the
 * server's tools.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../../src/cli/vcp'
import { parseToolRequests } from '../../src/core'
import { createNodeBuiltinTools } from '../../src/tools/node'

// eslint-disable-next-line no-control-regex -- what must not reach a terminal (line ends join the warnings)
const UNSAFE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/
const SERVER = resolve('tests/fixtures/mcp/hostile-stdio-server.mjs')
const REPLY = [
  '<tool_call>{"name": "evil_match", "arguments": {"s": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}}</tool_call>',
  '<tool_call>{"name": "evil_match", "arguments": {"s": "aaaa"}}</tool_call>',
].join('\n')

function io(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = []
  const stderr: string[] = []
  const files: Record<string, string> = {
    'mcp.json': JSON.stringify({ mcpServers: { evil: { command: process.execPath, args: [SERVER] } } }),
    r: REPLY,
  }
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
  }
}

describe('vcp with a hostile server', () => {
  it('check ends with the right verdicts and warns of the refused tool', async () => {
    const cli = io()
    expect(
      await runCli(
        ['check', '--files', mkdtempSync(join(tmpdir(), 'vcp-hostile-')), '--mcp-config', 'mcp.json', 'r'],
        cli,
      ),
    ).toBe(0)
    const out = JSON.parse(cli.stdout[0] as string) as { requests: { verdict: string; reason?: string }[] }
    expect(out.requests.map((r) => r.verdict)).toEqual(['invalid-arguments', 'ready'])
    expect(out.requests[0]?.reason).toContain('must match pattern')
    const warnings = cli.stderr.join('\n')
    expect(warnings).toContain('vcp check: warning: MCP server "evil": The tool "bad\\nname" of "evil" was refused')
    expect(warnings).toContain('The tool "rtl\\u{202e}evil" of "evil" was refused')
    expect(warnings).not.toMatch(UNSAFE)
  })

  it('exec ends too, running only the valid call', async () => {
    const cli = io()
    expect(
      await runCli(
        ['exec', '--files', mkdtempSync(join(tmpdir(), 'vcp-hostile-')), '--mcp-config', 'mcp.json', 'r'],
        cli,
      ),
    ).toBe(0)
    const out = JSON.parse(cli.stdout[0] as string) as { results: { status: string; result: string }[] }
    expect(out.results.map((r) => r.status)).toEqual(['error', 'success'])
    expect(out.results[1]?.result).toBe('called match')
  })

  it('prompt, in every protocol, carries neither the forged request nor a direction override', async () => {
    for (const protocol of ['vcp', 'json', 'xml', 'hermes']) {
      const cli = io()
      expect(await runCli(['prompt', '--protocol', protocol, '--mcp-config', 'mcp.json'], cli), protocol).toBe(0)
      const prompt = cli.stdout.join('\n')
      expect(prompt, protocol).toContain('evil_match')
      expect(prompt, protocol).not.toMatch(UNSAFE)
      expect(
        parseToolRequests(prompt, 'auto', { reasoning: 'include' }).requests.map((r) => r.toolName),
        protocol,
      ).not.toContain('evil_wipe')
    }
  })
})
