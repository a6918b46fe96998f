import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseToolRequests } from '../../src/core'
import { runCli } from '../../src/cli/vcp'
import { memoryIo } from './memory-io'
import { SAMPLE_REPLIES } from '../../src/parsing/samples'

const REQUEST =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>'

describe('vcp check', () => {
  interface Checked {
    requests: {
      requestId: string
      toolName: string
      verdict: string
      arguments: Record<string, unknown>
      limit?: number
      checks: { name: string; state: string; offset?: number }[]
      items?: { index: number; routingName: string; verdict: string }[]
    }[]
    diagnostics: { code: string; offset: number; length: number }[]
  }

  it('prints the call plan of every request, executing nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-check-'))
    const text = SAMPLE_REPLIES[3]!.text
    const io = memoryIo({ r: text })
    expect(await runCli(['check', '--files', folder, 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as Checked
    expect(out.requests.map((r) => [r.toolName, r.verdict])).toEqual([
      ['fs_tree', 'ready'],
      ['fs', 'ready'],
      ['fs_delete', 'in-reasoning'],
      ['weather_today', 'unknown-tool'],
      ['calc_evaluate', 'invalid-arguments'],
    ])
    expect(out.requests[0]).toMatchObject({ arguments: { path: '/', depth: 8 }, limit: 100 })
    expect(out.requests[1]?.items?.map((item) => [item.index, item.routingName, item.verdict])).toEqual([
      [1, 'fs_write', 'ready'],
      [2, 'fs_write', 'ready'],
      [3, 'fs_tree', 'ready'],
    ])
    const precision = out.requests[4]?.checks.find((c) => c.name === 'precision')
    expect(precision?.state).toBe('type-error')
    expect(text.slice(precision?.offset, (precision?.offset ?? 0) + 3)).toBe('two')
    expect(out.diagnostics.map((d) => d.code)).toEqual([
      'protocol-detected',
      'request-in-reasoning',
      'unknown-tool',
      'argument-type-error',
    ])
    // Nothing ran: the batch's files were not written.
    expect(() => readFileSync(join(folder, 'plan', 'a.md'))).toThrow()
  })

  it('exec refuses a call that needs approval unless --approve is given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-approve-'))
    for (const n of [1, 2, 3, 4])
      await runCli(
        ['exec', '--files', folder, '-'],
        memoryIo(
          {},
          `<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_write「末」,\npath:「始」/big/${n}.md「末」,\ncontent:「始」x「末」\n<<<[END_TOOL_REQUEST]>>>`,
        ),
      )
    const del =
      '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_delete「末」,\npath:「始」/big「末」,\nrecursive:「始」true「末」\n<<<[END_TOOL_REQUEST]>>>'
    const checked = memoryIo({ r: del })
    await runCli(['check', '--files', folder, 'r'], checked)
    expect(JSON.parse(checked.stdout[0] as string).requests[0]).toMatchObject({
      verdict: 'needs-approval',
      approvalReason: 'it deletes 4 files under "/big"',
    })
    const refused = memoryIo({ r: del })
    await runCli(['exec', '--files', folder, 'r'], refused)
    expect(JSON.parse(refused.stdout[0] as string).results[0]).toMatchObject({
      status: 'denied',
      result:
        '"fs_delete" needs approval (it deletes 4 files under "/big") and nobody can approve it here, so it was not called.',
    })
    const approved = memoryIo({ r: del })
    await runCli(['exec', '--approve', '--files', folder, 'r'], approved)
    expect(JSON.parse(approved.stdout[0] as string).results[0]).toMatchObject({ status: 'success' })
  })
})

describe('vcp parse', () => {
  it('prints one compact JSON line per file', async () => {
    const io = memoryIo({ 'a.txt': REQUEST, 'b.txt': 'no requests <<<[END_TOOL_REQUEST]>>>' })
    expect(await runCli(['parse', '--protocol', 'vcp', 'a.txt', 'b.txt'], io)).toBe(0)
    expect(io.stdout).toHaveLength(2)
    expect(JSON.parse(io.stdout[0] as string)).toEqual({
      requests: [
        {
          requestId: 'req-1',
          toolName: 'calc_evaluate',
          args: { expression: '1+2' },
          valid: true,
          start: 0,
          end: REQUEST.length,
        },
      ],
      diagnostics: [],
    })
    expect(JSON.parse(io.stdout[1] as string).diagnostics[0].code).toBe('stray-end-marker')
  })

  it('reads every format by default, as the Parser pane does (it read only VCP)', async () => {
    const io = memoryIo({
      f: `${REQUEST}\n<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "2"}}</tool_call>`,
    })
    expect(await runCli(['parse', 'f'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as {
      requests: { toolName: string }[]
      diagnostics: { code: string; message: string }[]
    }
    expect(out.requests).toHaveLength(2)
    expect(out.diagnostics.find((d) => d.code === 'protocol-detected')?.message).toBe(
      'Detected: vcp (1 request), hermes (1 request).',
    )
  })

  it('gives the same output with --chunk as without', async () => {
    const text = `prose ${REQUEST} more ${REQUEST.replace('1+2', '「末」')}`
    const whole = memoryIo({ f: text })
    const chunked = memoryIo({ f: text })
    await runCli(['parse', 'f'], whole)
    await runCli(['parse', '--chunk', '5', 'f'], chunked)
    expect(chunked.stdout).toEqual(whole.stdout)
  })

  it('parses other paradigms, and detects them with --protocol auto', async () => {
    const hermes = '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "1+2"}}</tool_call>'
    const io = memoryIo({ h: hermes, mixed: `${REQUEST}\n${hermes}` })
    expect(await runCli(['parse', '--protocol', 'hermes', 'h'], io)).toBe(0)
    expect(JSON.parse(io.stdout[0] as string).requests[0]).toMatchObject({
      toolName: 'calc_evaluate',
      args: { expression: '1+2' },
    })
    expect(await runCli(['parse', '--protocol', 'auto', '--chunk', '7', 'mixed'], io)).toBe(0)
    const auto = JSON.parse(io.stdout[1] as string)
    expect(auto.requests.map((r: { toolName: string }) => r.toolName)).toEqual(['calc_evaluate', 'calc_evaluate'])
    expect(auto.diagnostics[0].message).toBe('Detected: vcp (1 request), hermes (1 request).')
    expect(await runCli(['prompt', '--protocol', 'auto'], io)).toBe(2)
    expect(io.stderr.join('\n')).toContain(
      'unknown protocol "auto" (auto detects when parsing; a prompt needs one protocol)',
    )
  })

  it('reads standard input from -', async () => {
    const io = memoryIo({}, REQUEST)
    expect(await runCli(['parse', '-'], io)).toBe(0)
    expect(JSON.parse(io.stdout[0] as string).requests).toHaveLength(1)
  })

  it.each([
    [['parse'], 'no file given'],
    [['parse', '--chunk', '0', 'f'], '--chunk needs a positive whole number, got "0"'],
    [['parse', '--chunk'], '--chunk needs a value'],
    [['parse', '--protocol', 'nope', 'f'], 'unknown protocol "nope"'],
    [['parse', '--fast', 'f'], 'unknown option --fast'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [[], 'Usage:'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const io = memoryIo({ f: REQUEST })
    expect(await runCli(argv, io)).toBe(2)
    expect(io.stderr.join('\n')).toContain(message)
    expect(io.stdout).toEqual([])
  })

  it('exits 2 on an unreadable file but still prints the readable ones', async () => {
    const io = memoryIo({ ok: REQUEST })
    expect(await runCli(['parse', 'ok', 'missing'], io)).toBe(2)
    expect(io.stdout).toHaveLength(1)
    expect(io.stderr[0]).toContain('cannot read missing')
  })
})

describe('vcp prompt', () => {
  it('prints the tools prompt of the built-in tools, which parses back to one request per agent-callable method', async () => {
    const io = memoryIo({})
    expect(await runCli(['prompt'], io)).toBe(0)
    const prompt = io.stdout.join('\n')
    const names = parseToolRequests(prompt).requests.map((r) => r.toolName)
    expect(names).toEqual(
      expect.arrayContaining([
        'fs_tree',
        'fs_read',
        'fs_write',
        'fs_delete',
        'js_evaluate',
        'calc_evaluate',
        'text_hash',
        'datetime_now',
      ]),
    )
    expect(names).not.toContain('fs_wipe')
    expect(parseToolRequests(prompt).diagnostics).toEqual([])
  })

  it('rejects a file argument', async () => {
    const io = memoryIo({})
    expect(await runCli(['prompt', 'x'], io)).toBe(2)
    expect(io.stderr[0]).toContain('vcp prompt: takes no file')
  })
})

describe('vcp exec', () => {
  const reply = (folder: string) => `I will write, then read it back, then try a method I may not call.
<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_write「末」,
path:「始」/hello.txt「末」,
content:「始」hi from exec「末」
<<<[END_TOOL_REQUEST]>>>
<<<[TOOL_REQUEST]>>>
tool_name:「始」fs「末」,
command:「始」read「末」,
path:「始」/hello.txt「末」
<<<[END_TOOL_REQUEST]>>>
<<<[TOOL_REQUEST]>>>
tool_name:「始」fs_wipe「末」
<<<[END_TOOL_REQUEST]>>>
<<<[TOOL_REQUEST]>>>
tool_name:「始」calc_evaluate「末」,
expression:「始」6*7「末」
<<<[END_TOOL_REQUEST]>>>
${folder}`

  it('runs the valid requests against the built-in tools and prints results and diagnostics', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-exec-'))
    const io = memoryIo({ r: reply('<<<[END_TOOL_REQUEST]>>>') })
    expect(await runCli(['exec', '--files', folder, 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as {
      results: { requestId: string; toolName: string; status: string; result: string; durationMs: number }[]
      diagnostics: { code: string }[]
    }
    expect(out.results.map(({ requestId, toolName, status }) => [requestId, toolName, status])).toEqual([
      ['req-1', 'fs_write', 'success'],
      ['req-2', 'fs', 'success'],
      ['req-3', 'fs_wipe', 'denied'],
      ['req-4', 'calc_evaluate', 'success'],
    ])
    expect(out.results[1]?.result).toBe('hi from exec')
    expect(out.results[3]?.result).toBe('{\n  "expression": "6*7",\n  "result": 42\n}')
    expect(out.results.every((r) => typeof r.durationMs === 'number')).toBe(true)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['protocol-detected', 'stray-end-marker'])
    expect(readFileSync(join(folder, 'hello.txt'), 'utf8')).toBe('hi from exec')
  })

  it('keeps its variables beside the files folder, so the ReadVar request of a cut result works in the next exec', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-exec-'))
    const long = Array.from({ length: 3000 }, (_, k) => `line ${k}`).join('\n')
    writeFileSync(join(folder, 'long.txt'), long)
    const first = memoryIo({
      r: '<<<[TOOL_REQUEST]>>>\ntool_name:「始」fs_read「末」,\npath:「始」/long.txt「末」,\nlimit:「始」100「末」\n<<<[END_TOOL_REQUEST]>>>',
    })
    expect(await runCli(['exec', '--files', folder, 'r'], first)).toBe(0)
    const cut = (JSON.parse(first.stdout[0] as string) as { results: { result: string }[] }).results[0]!.result
    const readOn = /<<<\[TOOL_REQUEST\]>>>[^]*?<<<\[END_TOOL_REQUEST\]>>>/.exec(cut)?.[0]
    expect(readOn).toContain('vars_ReadVar')
    // The first run wrote its variables through io.writeFile; the second starts from that file.
    const saved = await first.readFile(folder + '.variables.json')
    const second = memoryIo({ r: readOn!, [folder + '.variables.json']: saved })
    expect(await runCli(['exec', '--files', folder, 'r'], second)).toBe(0)
    const result = (JSON.parse(second.stdout[0] as string) as { results: { status: string; result: string }[] })
      .results[0]!
    expect(result.status).toBe('success')
    expect(result.result).toContain('line 20')
  })

  it('a variables file that cannot be read is said, and exec goes on', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-exec-'))
    const io = memoryIo({ r: REQUEST, [folder + '.variables.json']: '{broken' })
    expect(await runCli(['exec', '--files', folder, 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as {
      results: { status: string }[]
      diagnostics: { code: string; message: string }[]
    }
    expect(out.results[0]?.status).toBe('success')
    expect(out.diagnostics.find((d) => d.code === 'variables-unreadable')?.message).toContain(
      'the saved variables could not be read',
    )
  })

  it('runs typed calls of the JSON paradigms', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-exec-'))
    const io = memoryIo({
      r: '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "2^10", "precision": 3}}</tool_call>',
    })
    expect(await runCli(['exec', '--protocol', 'hermes', '--files', folder, 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as { results: { status: string; result: string }[] }
    expect(out.results[0]).toMatchObject({
      status: 'success',
      result: '{\n  "expression": "2^10",\n  "result": 1020\n}',
    })
  })

  it.each([
    [['exec'], 'no file given'],
    [['exec', 'a', 'b'], 'takes one file, got 2'],
    [['exec', '--timeout', 'soon', 'a'], '--timeout needs a positive whole number, got "soon"'],
    [['exec', '--chunk', '3', 'a'], 'unknown option --chunk'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const io = memoryIo({ a: '' })
    expect(await runCli(argv, io)).toBe(2)
    expect(io.stderr.join('\n')).toContain(message)
  })
})

describe('vcp as a process', () => {
  it('runs through npm run --silent vcp', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcp-cli-'))
    const file = join(dir, 'reply.txt')
    writeFileSync(file, REQUEST)
    const run = promisify(execFile)
    const { stdout } = await run('npm', ['run', '--silent', 'vcp', '--', 'parse', '--chunk', '3', file], {
      cwd: resolve(__dirname, '../..'),
    })
    expect(JSON.parse(stdout).requests[0].toolName).toBe('calc_evaluate')
    await expect(
      run('npm', ['run', '--silent', 'vcp', '--', 'parse', join(dir, 'missing.txt')], {
        cwd: resolve(__dirname, '../..'),
      }),
    ).rejects.toMatchObject({ code: 2 })
  }, 30_000)

  it('ends quietly with status 0 when its reader stops early (| head)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcp-cli-'))
    const file = join(dir, 'reply.txt')
    writeFileSync(file, REQUEST)
    const files = Array.from({ length: 3000 }, () => file)
    const run = promisify(execFile)
    const { stdout, stderr } = await run(
      'bash',
      ['-c', `set -o pipefail; npm run --silent vcp -- parse ${files.join(' ')} | head -c 10`],
      { cwd: resolve(__dirname, '../..') },
    )
    expect(stdout).toHaveLength(10)
    expect(stderr.replace(/npm warn[^\n]*\n/g, '')).toBe('')
  }, 60_000)
})

describe('vcp with --mcp-config', () => {
  const everything = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')
  const config = JSON.stringify({
    mcpServers: {
      everything: { command: process.execPath, args: [everything, 'stdio'], env: { SECRET_TOKEN: 'do-not-print' } },
    },
  })
  const reply =
    '<<<[TOOL_REQUEST]>>>\ntool_name:「始」everything_get-sum「末」,\na:「始」2「末」,\nb:「始」40「末」\n<<<[END_TOOL_REQUEST]>>>'

  it('exec runs a reply against an MCP server over stdio and disconnects', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-mcp-'))
    const io = memoryIo({ 'mcp.json': config, r: reply })
    expect(await runCli(['exec', '--mcp-config', 'mcp.json', '--files', folder, 'r'], io)).toBe(0)
    const out = JSON.parse(io.stdout[0] as string) as {
      results: { toolName: string; status: string; result: string }[]
    }
    expect(out.results[0]).toMatchObject({ toolName: 'everything_get-sum', status: 'success' })
    expect(out.results[0]?.result).toContain('42')
    expect(io.stdout.join('\n') + io.stderr.join('\n')).not.toContain('do-not-print')
  }, 60_000)

  it('tools prints one line per tool, built-in and MCP, with its schema and annotations; prompt offers them', async () => {
    const io = memoryIo({ 'mcp.json': config })
    expect(await runCli(['tools', '--mcp-config', 'mcp.json'], io)).toBe(0)
    const lines = io.stdout.map(
      (line) =>
        JSON.parse(line) as {
          routingName: string
          source: string
          inputSchema: { type: string }
          annotations?: unknown
        },
    )
    expect(lines.find((l) => l.routingName === 'calc_evaluate')).toMatchObject({
      source: 'builtin',
      inputSchema: { type: 'object' },
    })
    expect(lines.find((l) => l.routingName === 'everything_get-sum')).toMatchObject({
      source: 'mcp:everything',
      inputSchema: { type: 'object' },
    })
    expect(lines.find((l) => l.routingName === 'everything_trigger-long-running-operation')?.annotations).toMatchObject(
      { readOnlyHint: true },
    )
    const prompt = memoryIo({ 'mcp.json': config })
    expect(await runCli(['prompt', '--mcp-config', 'mcp.json'], prompt)).toBe(0)
    expect(prompt.stdout[0]).toContain('everything_get-sum')
  }, 60_000)

  it('a bad configuration or a server that cannot start is exit 2 with the reason', async () => {
    const bad = memoryIo({ 'mcp.json': '{"mcpServers": {"x": {}}}', r: reply })
    expect(await runCli(['exec', '--mcp-config', 'mcp.json', 'r'], bad)).toBe(2)
    expect(bad.stderr[0]).toBe(
      'vcp exec: mcp.json: Server "x": needs "command" (a program started over stdio) or "url" (an HTTP server).',
    )
    const missing = memoryIo({ 'mcp.json': '{"mcpServers": {"gone": {"command": "/nonexistent/server"}}}', r: reply })
    expect(await runCli(['exec', '--mcp-config', 'mcp.json', 'r'], missing)).toBe(2)
    expect(missing.stderr[0]).toMatch(/^vcp exec: Could not connect to "gone": /)
    const unreadable = memoryIo({ r: reply })
    expect(await runCli(['tools', '--mcp-config', 'nope.json'], unreadable)).toBe(2)
    expect(unreadable.stderr[0]).toContain('cannot read nope.json')
  }, 30_000)
})

describe('one answer from parse, check and exec', () => {
  // VCP, a Hermes tag, a JSON block, a request in reasoning and a numbered batch, in one reply.
  const MIXED = [
    '<think>maybe\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」2*2「末」\n<<<[END_TOOL_REQUEST]>>>\n</think>',
    REQUEST,
    '<tool_call>{"name": "calc_evaluate", "arguments": {"expression": "6*7"}}</tool_call>',
    '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc「末」,\ncommand1:「始」evaluate「末」,\nexpression1:「始」1+1「末」,\ncommand2:「始」evaluate「末」,\nexpression2:「始」2+2「末」\n<<<[END_TOOL_REQUEST]>>>',
    '```json\n{"tool_calls": [{"name": "calc_evaluate", "arguments": {"expression": "10/4"}}]}\n```',
  ].join('\nThen:\n')

  it('check and exec read the same requests by default (exec read only VCP: a Hermes call was checked, never run)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-same-'))
    const checkIo = memoryIo({ r: MIXED })
    expect(await runCli(['check', '--files', folder, 'r'], checkIo)).toBe(0)
    const checked = JSON.parse(checkIo.stdout[0] as string) as {
      requests: { requestId: string; toolName: string; verdict: string }[]
    }
    const execIo = memoryIo({ r: MIXED })
    expect(await runCli(['exec', '--files', folder, 'r'], execIo)).toBe(0)
    const executed = JSON.parse(execIo.stdout[0] as string) as {
      results: { requestId: string; toolName: string; status: string; result: string }[]
    }
    // What check says is ready is exactly what exec runs, with the same ids; the request in
    // reasoning is reported, not run.
    const ready = checked.requests.filter((r) => r.verdict === 'ready').map((r) => r.requestId)
    expect(ready.length).toBe(4)
    expect([...new Set(executed.results.filter((r) => r.status === 'success').map((r) => r.requestId))]).toEqual(ready)
    expect(executed.results.filter((r) => r.status !== 'success')).toEqual([
      expect.objectContaining({
        requestId: 'req-1',
        status: 'denied',
        result: expect.stringContaining('inside <think> reasoning'),
      }),
    ])
    expect(executed.results.map((r) => r.result)).toEqual(
      expect.arrayContaining([expect.stringContaining('42'), expect.stringContaining('2.5')]),
    )
  })

  it('parse, check and exec give each request the same id', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vcp-ids-'))
    const io = memoryIo({ r: MIXED })
    expect(await runCli(['parse', 'r'], io)).toBe(0)
    expect(await runCli(['check', '--files', folder, 'r'], io)).toBe(0)
    expect(await runCli(['exec', '--files', folder, 'r'], io)).toBe(0)
    const [parsed, checked, executed] = io.stdout.map(
      (line) => JSON.parse(line) as Record<string, { requestId: string; inReasoning?: boolean; verdict?: string }[]>,
    )
    const parsedIds = parsed!.requests!.map((r) => r.requestId)
    expect(new Set(parsedIds).size).toBe(5)
    expect(checked!.requests!.map((r) => r.requestId)).toEqual(parsedIds)
    expect(parsed!.requests![0]).toMatchObject({ inReasoning: true })
    expect([...new Set(executed!.results!.map((r) => r.requestId))]).toEqual(parsedIds)
  })
})
