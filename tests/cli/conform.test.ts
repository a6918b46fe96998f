/**
 * `vcp conform`: its command line, and runs against the reference server (clean and with one fault),
 * a capture replayed with no server, a port nothing listens on, and the key kept out of the reports.
 */
import { spawn } from 'node:child_process'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createNetServer, type Socket } from 'node:net'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer, type ReferenceServer } from '../../scripts/mock-llm/reference-server'
import { UsageError } from '../../src/cli/arguments'
import { readConformArgs } from '../../src/cli/conform-arguments'
import { conformProgressLine, createConformProgressReporter } from '../../src/cli/conform-progress'
import { runCli } from '../../src/cli/vcp'
import { CHECK_CATEGORIES, type ReportJson } from '../../src/core/conformance'
import { evalIo, type EvalTestIo } from './eval-io'

describe('vcp conform arguments', () => {
  it('reads a live run with its headers, numbers and reports', () => {
    const options = readConformArgs([
      '--endpoint',
      'http://127.0.0.1:8000/v1',
      '--model',
      'qwen',
      '--header',
      'OpenAI-Organization: org-1',
      '--header',
      'X-Trace:  on ',
      '--repeat',
      '3',
      '--concurrency',
      '2',
      '--timeout',
      '1.5',
      '--json',
      '-',
      '--markdown',
      'r.md',
      '--capture',
      'c.jsonl',
    ])
    expect(options).toEqual({
      source: {
        kind: 'live',
        endpoint: 'http://127.0.0.1:8000/v1',
        model: 'qwen',
        apiKey: undefined,
        headers: { 'OpenAI-Organization': 'org-1', 'X-Trace': 'on' },
        repeat: 3,
        concurrency: 2,
        timeoutMs: 1500,
        capture: 'c.jsonl',
      },
      json: '-',
      markdown: 'r.md',
    })
  })

  it('reads a replay', () => {
    expect(readConformArgs(['--replay', 'c.jsonl', '--markdown', 'r.md'])).toEqual({
      source: { kind: 'replay', capture: 'c.jsonl' },
      json: undefined,
      markdown: 'r.md',
    })
  })

  it.each([
    [[], /--endpoint URL --model NAME, or --replay CAPTURE/],
    [['--endpoint', 'http://x/v1'], /--endpoint needs --model NAME/],
    [['--model', 'm'], /give --endpoint/],
    [['--endpoint', 'localhost:8000', '--model', 'm'], /http:\/\/ or https:\/\/ URL/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--frobnicate', '1'], /unknown option --frobnicate/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--repeat', '0'], /--repeat needs a whole number/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--concurrency', '2.5'], /--concurrency needs a whole number/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--timeout', 'soon'], /--timeout needs a positive number/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--timeout'], /--timeout needs a value/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--header', 'no colon'], /--header needs "Name: value"/],
    [['--endpoint', 'http://x/v1', '--model', 'm', '--model', 'n'], /--model is given twice/],
    [['--endpoint', 'http://x/v1', '--model', 'm', 'file.jsonl'], /takes no file/],
    [['--replay', 'c.jsonl', '--model', 'm'], /--model is for probing an endpoint/],
    [['--replay', 'c.jsonl', '--json', '-', '--markdown', '-'], /only one report can go to standard output/],
  ])('refuses %j', (args, message) => {
    expect(() => readConformArgs(args)).toThrow(UsageError)
    expect(() => readConformArgs(args)).toThrow(message)
  })
})

let server: ReferenceServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(apiKey?: string): Promise<ReferenceServer> {
  server = await startReferenceServer(apiKey ? { apiKey } : {})
  return server
}

/** A CliIo over files in memory, with what was printed; `env` replaces the (empty) environment. */
function io(files: Record<string, string> = {}, env: Record<string, string> = {}): EvalTestIo {
  return evalIo(files, { env })
}

const live = (reference: ReferenceServer, model: string, ...more: string[]) => [
  'conform',
  '--endpoint',
  reference.baseUrl,
  '--model',
  model,
  ...more,
]

function jsonOf(text: string | undefined): ReportJson {
  expect(text).toBeDefined()
  return JSON.parse(text as string) as ReportJson
}

/** Each check's id and status, the part a replay must give again. */
const verdicts = (report: ReportJson) => report.checks.map(({ id, status }) => ({ id, status }))

/** A port nothing listens on: one the system gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((done) => probe.close(() => done()))
  return port
}

describe('vcp conform against the reference server', () => {
  it('passes every check of the clean model, exit 0, and writes the JSON report', async () => {
    const reference = await start()
    const out = io()
    expect(await runCli(live(reference, 'reference', '--json', 'r.json', '--repeat', '1'), out)).toBe(0)
    const report = jsonOf(out.files['r.json'])
    expect(report.summary.fail).toBe(0)
    expect(report.endpoint).toEqual({ baseUrl: reference.baseUrl, model: 'reference' })
    expect(new Set(report.checks.map((check) => check.category))).toEqual(new Set(CHECK_CATEGORIES))
    expect(report.checks.filter((check) => check.status !== 'pass')).toEqual([])
    for (const check of report.checks)
      expect(check).toMatchObject({ id: expect.any(String), detail: expect.any(String) })
    const stdout = out.stdout.join('\n')
    expect(stdout).toMatch(/^vcp conform: reference at http:\/\/127\.0\.0\.1:\d+\/v1: 18 requests/m)
    for (const category of CHECK_CATEGORIES) expect(stdout).toMatch(new RegExp(`^${category} +\\d+ +0 +\\d+$`, 'm'))
    expect(stdout).not.toContain('failing')
  })

  it('fails the finish-reason category of a server that ends calls with "stop", exit 1', async () => {
    const reference = await start()
    const out = io()
    expect(await runCli(live(reference, 'reference:finish-stop', '--json', 'r.json'), out)).toBe(1)
    const report = jsonOf(out.files['r.json'])
    const failing = report.checks.filter((check) => check.status === 'fail')
    expect(failing.length).toBeGreaterThan(0)
    expect(new Set(failing.map((check) => check.category))).toEqual(new Set(['finish-reason']))
    const stdout = out.stdout.join('\n')
    expect(stdout).toMatch(/^finish-reason +0 +[1-9]\d* +\d+ +FAIL$/m)
    for (const check of failing) expect(stdout).toContain(`  ${check.id}`)
    expect(stdout).toContain('finish_reason')
  })

  it('replays a capture with no server and gives the same checks', async () => {
    const reference = await start()
    const out = io()
    expect(await runCli(live(reference, 'reference:index-zero', '--capture', 'c.jsonl', '--json', 'r.json'), out)).toBe(
      1,
    )
    await reference.close()
    server = undefined
    const again = io({ 'c.jsonl': out.files['c.jsonl'] as string })
    expect(await runCli(['conform', '--replay', 'c.jsonl', '--json', '-', '--markdown', 'r.md'], again)).toBe(1)
    // --json - is all that goes to standard output.
    expect(again.stdout).toHaveLength(1)
    const replayed = jsonOf(again.stdout[0])
    expect(verdicts(replayed)).toEqual(verdicts(jsonOf(out.files['r.json'])))
    expect(replayed.endpoint.model).toBe('reference:index-zero')
    expect(again.files['r.md']).toContain('delta-index')
  })

  it('keeps the API key out of every report and the capture, from --api-key, --header or VCP_API_KEY', async () => {
    const key = 'sk-secret-123'
    const reference = await start(key)
    const runs: [string[], Record<string, string>][] = [
      [['--api-key', key], {}],
      [['--header', `Authorization: Bearer ${key}`], {}],
      [[], { VCP_API_KEY: key }],
    ]
    for (const [flags, env] of runs) {
      const out = io({}, env)
      const args = live(reference, 'reference', ...flags, '--repeat', '1', '--markdown', 'r.md')
      expect(await runCli([...args, '--json', 'r.json', '--capture', 'c.jsonl'], out)).toBe(0)
      expect(out.files['r.md']).toContain('## OpenAI tool-calling conformance')
      for (const name of ['r.md', 'r.json', 'c.jsonl']) expect(out.files[name]).not.toContain(key)
      expect([...out.stdout, ...out.stderr].join('\n')).not.toContain(key)
    }
    expect(reference.requests.every((request) => request.authorization === `Bearer ${key}`)).toBe(true)
  })

  it('stops when interrupted: exit 130, one line, nothing written', async () => {
    const reference = await start()
    const out = io()
    let listening = false
    out.onInterrupt = (stop) => {
      listening = true
      setTimeout(stop, 0)
      return () => {
        listening = false
      }
    }
    expect(await runCli(live(reference, 'reference', '--json', 'r.json', '--repeat', '3'), out)).toBe(130)
    expect(listening).toBe(false)
    expect(out.stderr.filter((line) => line.startsWith('vcp conform:'))).toEqual([
      expect.stringMatching(/^vcp conform: stopped after \d+ requests; no report written$/),
    ])
    expect(out.files['r.json']).toBeUndefined()
    expect(out.stdout).toEqual([])
  })
})

describe('vcp conform refusals', () => {
  it('exits 2 with one line when nothing listens at the URL', async () => {
    const port = await closedPort()
    const out = io()
    const args = ['conform', '--endpoint', `http://127.0.0.1:${port}/v1`, '--model', 'm', '--json', 'r.json']
    expect(await runCli(args, out)).toBe(2)
    expect(out.stderr).toEqual([
      expect.stringMatching(
        new RegExp(`^vcp conform: cannot reach http://127\\.0\\.0\\.1:${port}/v1/chat/completions: `),
      ),
    ])
    expect(out.stderr[0]).not.toContain('\n')
    expect(out.stdout).toEqual([])
    expect(out.files['r.json']).toBeUndefined()
  })

  it.each([
    [['conform', '--endpoint', 'http://127.0.0.1:1/v1', '--model', 'm', '--bogus', 'x'], /unknown option --bogus/],
    [['conform', '--endpoint', 'http://127.0.0.1:1/v1'], /--endpoint needs --model NAME/],
    [['conform', '--endpoint', 'http://127.0.0.1:1/v1', '--model', 'm', '--repeat', 'two'], /--repeat needs/],
    [['conform'], /give --endpoint URL --model NAME, or --replay CAPTURE/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const out = io()
    expect(await runCli(args, out)).toBe(2)
    expect(out.stderr).toHaveLength(1)
    expect(out.stderr[0]).toMatch(/^vcp conform: /)
    expect(out.stderr[0]).toMatch(message)
    expect(out.stderr[0]).not.toContain('\n')
  })

  it('exits 2 with one line naming every bad line of a capture, or a capture it cannot read', async () => {
    const good = JSON.stringify({
      probe: 'single',
      mode: 'whole',
      attempt: 0,
      request: { url: 'http://127.0.0.1:1/v1/chat/completions', headers: {}, body: { model: 'm' } },
      chunks: [],
      durationMs: 1,
    })
    const out = io({ 'c.jsonl': [good, '{not json', good, '{"probe": 1}'].join('\n') })
    expect(await runCli(['conform', '--replay', 'c.jsonl'], out)).toBe(2)
    expect(out.stderr).toEqual([
      expect.stringMatching(/^vcp conform: c\.jsonl is not a capture of vcp conform: line 2: not JSON .*; line 4: /),
    ])
    const missing = io()
    expect(await runCli(['conform', '--replay', 'none.jsonl'], missing)).toBe(2)
    expect(missing.stderr).toEqual([expect.stringMatching(/^vcp conform: cannot read none\.jsonl: /)])
    const empty = io({ 'e.jsonl': '\n' })
    expect(await runCli(['conform', '--replay', 'e.jsonl'], empty)).toBe(2)
    expect(empty.stderr).toEqual(['vcp conform: e.jsonl holds no exchange'])
  })

  it('is listed by vcp help', async () => {
    const out = io()
    expect(await runCli(['help'], out)).toBe(0)
    expect(out.stdout.join('\n')).toContain('vcp conform --endpoint URL --model NAME')
    expect(out.stdout.join('\n')).toContain('vcp conform --replay CAPTURE')
  })
})

describe('vcp conform progress', () => {
  const exchange = (status?: number) => ({
    probe: 'single',
    mode: 'stream' as const,
    attempt: 0,
    ...(status !== undefined ? { status } : {}),
  })

  it('prints a line per tenth in a log, once the server has answered', () => {
    const out = io()
    const progress = createConformProgressReporter(out)
    progress.update({ done: 1, total: 20, exchange: exchange() })
    expect(out.stderr).toEqual([])
    for (let done = 2; done <= 20; done++) progress.update({ done, total: 20, exchange: exchange(200) })
    progress.finish()
    expect(out.stderr).toHaveLength(10)
    expect(out.stderr.at(-1)).toBe('[==========] 20/20  100%  single stream #0')
  })

  it('redraws one line on a terminal', () => {
    const out = evalIo({}, { tty: true })
    const progress = createConformProgressReporter(out)
    progress.update({ done: 1, total: 2, exchange: exchange(200) })
    progress.update({ done: 2, total: 2, exchange: exchange(200) })
    progress.finish()
    expect(out.raw).toEqual([
      `\r${conformProgressLine({ done: 1, total: 2, exchange: exchange(200) })}`,
      `\r${conformProgressLine({ done: 2, total: 2, exchange: exchange(200) })}`,
      '\n',
    ])
    expect(out.stderr).toEqual([])
  })
})

describe('vcp conform as a process', () => {
  const root = resolve(__dirname, '../..')

  it('stops on Ctrl+C (SIGINT) with exit status 130', async () => {
    // A server that takes requests and never answers, so the run is under way when it is stopped.
    const sockets = new Set<Socket>()
    let received: () => void = () => undefined
    const asked = new Promise<void>((done) => (received = done))
    const silent: Server = createHttpServer(() => received())
    silent.on('connection', (socket) => sockets.add(socket))
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    const { port } = silent.address() as { port: number }
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/vcp.ts', 'conform', '--endpoint', `http://127.0.0.1:${port}/v1`, '--model', 'm'],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let stderr = ''
      child.stderr.on('data', (data: Buffer) => (stderr += data.toString()))
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
      await asked
      child.kill('SIGINT')
      expect(await exited).toBe(130)
      expect(stderr).toMatch(/^vcp conform: stopped after \d+ requests; no report written\n$/)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((done) => silent.close(() => done()))
    }
  }, 60_000)
})
