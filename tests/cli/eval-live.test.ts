/**
 * `vcp eval --endpoint` against the mock server's eval scenarios: verdicts per protocol, kept
 * results and resuming, failed requests asked again, the API key, and progress on standard error.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createEvalScenarios } from '../../scripts/mock-llm/eval-scenarios'
import { startMockLlm, type MockLlm } from '../../scripts/mock-llm/server'
import { duration, progressLine } from '../../src/cli/eval-progress'
import { runCli } from '../../src/cli/vcp'
import { evalIo, fixtureFiles, jsonReportOf, SUITE } from './eval-io'

let server: MockLlm | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(apiKey?: string): Promise<MockLlm> {
  server = await startMockLlm({ scenarios: createEvalScenarios(), ...(apiKey ? { apiKey } : {}) })
  return server
}

const live = (mock: MockLlm, model: string, ...more: string[]) => [
  'eval',
  ...SUITE,
  '--endpoint',
  mock.baseUrl,
  '--model',
  model,
  ...more,
]

describe('vcp eval live', () => {
  it('passes every case of a model that answers right, in VCP and native calling by default', async () => {
    const mock = await start()
    const io = evalIo(fixtureFiles())
    expect(await runCli(live(mock, 'eval-right', '--json', 'o.json', '--junit', 'j.xml'), io)).toBe(0)
    const report = jsonReportOf(io, 'o.json')
    expect(report.cases).toHaveLength(30)
    expect(report.cases.every((c) => c.valid && c.error_type === null)).toBe(true)
    expect(new Set(report.cases.map((c) => `${c.model} ${c.protocol} ${c.repeat}`))).toEqual(
      new Set(['eval-right native 0', 'eval-right vcp 0']),
    )
    expect(mock.chatRequests()).toHaveLength(30)
    const out = io.stdout.join('\n')
    expect(out).toMatch(/^tokens: prompt \d+ {2}completion \d+ {2}total \d+ {2}\(30 replies reported usage\)$/m)
    expect(out).toMatch(/^latency ms: mean \d+/m)
    expect(out).toMatch(/^ {2}eval-right\s+15\/15 100\.0%\s+15\/15 100\.0%$/m)
    const junit = io.files['j.xml'] as string
    expect(junit).toContain('<testsuite name="eval-right / native" tests="15" failures="0">')
    expect(junit).toContain('<testsuite name="eval-right / vcp" tests="15" failures="0">')
  })

  it('fails the Hermes replies of a model that gets values wrong there, and exits 1', async () => {
    const mock = await start()
    const io = evalIo(fixtureFiles())
    expect(await runCli(live(mock, 'eval-mixed', '--protocols', 'vcp,hermes', '--json', 'o.json'), io)).toBe(1)
    const cases = jsonReportOf(io, 'o.json').cases
    const vcp = cases.filter((c) => c.protocol === 'vcp')
    const hermes = cases.filter((c) => c.protocol === 'hermes')
    expect([vcp.length, hermes.length]).toEqual([15, 15])
    expect(vcp.every((c) => c.valid)).toBe(true)
    expect(hermes.some((c) => c.valid)).toBe(false)
    for (const c of hermes.filter((c) => c.category === 'simple')) expect(c.error_type).toMatch(/^value_error:/)
    expect(hermes.find((c) => c.id === 'irrelevance_0')?.error_type).toBe('irrelevance_error:decoder_success')
    expect(io.stdout.join('\n')).toMatch(/^ {2}simple_python_1 @ eval-mixed \/ hermes #0 {2}value_error:string {2}/m)
  })

  it('reports pass@k over repeats', async () => {
    const mock = await start()
    const io = evalIo(fixtureFiles())
    expect(await runCli(live(mock, 'eval-right', '--protocols', 'vcp', '--repeat', '2'), io)).toBe(0)
    expect(io.stdout.join('\n')).toContain(
      'stability over 15 cases, up to 2 repeats: pass@1 1.000  pass@2 1.000  passed every repeat 15/15',
    )
  })
})

describe('vcp eval live --out', () => {
  it('keeps every outcome, and a second run with the same file asks nothing and reports the same', async () => {
    const mock = await start()
    const first = evalIo(fixtureFiles())
    const args = live(mock, 'eval-mixed', '--protocols', 'vcp,xml', '--repeat', '2', '--out', 'out.jsonl')
    expect(await runCli([...args, '--json', 'o.json'], first)).toBe(1)
    expect(mock.chatRequests()).toHaveLength(60)
    expect((first.files['out.jsonl'] as string).trim().split('\n')).toHaveLength(60)

    const second = evalIo({ ...first.files })
    expect(await runCli([...args, '--json', 'o.json'], second)).toBe(1)
    expect(mock.chatRequests()).toHaveLength(60)
    expect(second.files['out.jsonl']).toBe(first.files['out.jsonl'])
    expect(jsonReportOf(second, 'o.json')).toEqual(jsonReportOf(first, 'o.json'))
    expect(second.stdout.slice(1)).toEqual(first.stdout.slice(1))
  })

  it('resumes a run that stopped: only the jobs not kept are asked', async () => {
    const mock = await start()
    const files = fixtureFiles()
    const args = live(mock, 'eval-right', '--protocols', 'vcp', '--out', 'out.jsonl', '--json', 'o.json')
    await runCli(args, evalIo(files))
    const kept = (files['out.jsonl'] as string).split('\n').slice(0, 6)
    // A line that is not an outcome is said, and its job asked again.
    files['out.jsonl'] = [...kept.slice(0, 5), '{"id": "simple_python_0"}', ''].join('\n')
    const io = evalIo(files, { whole: true })
    expect(await runCli(args, io)).toBe(0)
    expect(io.stderr).toContain('out.jsonl: line 6: not an outcome of vcp eval; left out')
    expect(mock.chatRequests()).toHaveLength(15 + 10)
    expect(jsonReportOf(io, 'o.json').summary.overall).toEqual({ passed: 15, total: 15 })
  })

  it('asks again the requests that failed, and reports each job once', async () => {
    const mock = await start()
    const files = fixtureFiles()
    // eval-flaky answers 503 to every other request; with no retry and one request at a time, 8 of 15 fail.
    const args = live(mock, 'eval-flaky', '--protocols', 'vcp', '--retries', '0', '--concurrency', '1')
    const first = evalIo(files)
    expect(await runCli([...args, '--out', 'out.jsonl', '--json', 'o.json'], first)).toBe(1)
    const report = jsonReportOf(first, 'o.json')
    expect(report.cases.filter((c) => c.error_type === 'request_error:http')).toHaveLength(8)
    const second = evalIo(files)
    await runCli([...args, '--out', 'out.jsonl', '--json', 'o.json'], second)
    expect(mock.chatRequests()).toHaveLength(15 + 8)
    expect(jsonReportOf(second, 'o.json').summary.overall).toEqual({ passed: 11, total: 15 })
  })

  it('stops with status 2 when an outcome cannot be kept', async () => {
    const mock = await start()
    const io = evalIo(fixtureFiles())
    io.appendFile = async () => {
      throw new Error('EACCES: permission denied')
    }
    expect(await runCli(live(mock, 'eval-right', '--out', 'out.jsonl', '--concurrency', '2'), io)).toBe(2)
    expect(io.stderr).toContain('vcp eval: cannot write out.jsonl: EACCES: permission denied')
    expect(mock.chatRequests().length).toBeLessThan(30)
  })
})

describe('vcp eval live API key and progress', () => {
  it('sends --api-key, else VCP_API_KEY; without one the requests fail', async () => {
    const mock = await start('sk-test')
    const args = live(mock, 'eval-right', '--protocols', 'native')
    expect(await runCli(args, evalIo(fixtureFiles(), { env: { VCP_API_KEY: 'sk-test' } }))).toBe(0)
    expect(await runCli([...args, '--api-key', 'sk-test'], evalIo(fixtureFiles(), { env: { VCP_API_KEY: 'x' } }))).toBe(
      0,
    )
    const keyless = evalIo(fixtureFiles())
    expect(await runCli([...args, '--json', 'o.json'], keyless)).toBe(1)
    expect(jsonReportOf(keyless, 'o.json').cases.every((c) => c.error_type === 'request_error:http')).toBe(true)
  })

  it('redraws one line on a terminal, and prints tenths elsewhere', async () => {
    const mock = await start()
    const tty = evalIo(fixtureFiles(), { tty: true })
    await runCli(live(mock, 'eval-right'), tty)
    expect(tty.stderr).toEqual([])
    expect(tty.raw.length).toBeGreaterThan(2)
    expect(tty.raw.slice(0, -1).every((text) => text.startsWith('\r['))).toBe(true)
    expect(tty.raw.at(-2)?.trimEnd()).toBe('\r[==========] 30/30  100%  done')
    expect(tty.raw.at(-1)).toBe('\n')

    const log = evalIo(fixtureFiles())
    await runCli(live(mock, 'eval-right'), log)
    expect(log.raw).toEqual([])
    expect(log.stderr.length).toBeGreaterThanOrEqual(2)
    expect(log.stderr.length).toBeLessThanOrEqual(11)
    for (const line of log.stderr) expect(line).toMatch(/^\[[= ]{10}\] \d+\/30 {2}\d+% {2}(ETA|done)/)
    expect(log.stderr.at(-1)).toBe('[==========] 30/30  100%  done')
  })

  it('draws the bar, the count, the share and the time left', () => {
    const progress = { done: 40, skipped: 2, total: 120, failedRequests: 0, elapsedMs: 1000, etaMs: 72_000 }
    expect(progressLine(progress)).toBe('[===       ] 42/120  35%  ETA 1m 12s')
    expect(progressLine({ ...progress, etaMs: undefined, failedRequests: 3 })).toBe(
      '[===       ] 42/120  35%  ETA --  3 requests failed',
    )
    expect([duration(4_400), duration(3_725_000)]).toEqual(['4s', '1h 2m'])
  })
})
