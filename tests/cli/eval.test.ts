/**
 * `vcp eval` offline: the fixture suite scored from its result files through the command line,
 * the reports it writes, the baseline comparison, and the exit status (also as a real process).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/vcp'
import { xmlAttribute, xmlText } from '../../src/cli/eval-reports'
import { evalIo, fixtureFiles, jsonReportOf, SUITE } from './eval-io'

const expected = JSON.parse(fixtureFiles()['expected-verdicts.json'] as string) as Record<
  string,
  Record<string, string | null>
>

/** The lines of a suite or result file whose id is one of `ids`. */
function linesOf(text: string, ids: readonly string[]): string {
  return text
    .split('\n')
    .filter((line) => ids.some((id) => line.includes(`"id": "${id}"`)))
    .join('\n')
}

describe('vcp eval offline', () => {
  for (const file of ['results-decoded.jsonl', 'results-raw.jsonl']) {
    it(`gives every case of ${file} its written verdict in the --json report, and exits 1`, async () => {
      const io = evalIo(fixtureFiles())
      expect(await runCli(['eval', ...SUITE, '--replies', file, '--json', 'out.json'], io)).toBe(1)
      const report = jsonReportOf(io, 'out.json')
      expect(Object.fromEntries(report.cases.map((c) => [c.id, c.error_type]))).toEqual(expected[file])
      for (const c of report.cases) expect(c.valid).toBe(c.error_type === null)
      const failing = Object.values(expected[file] ?? {}).filter((v) => v !== null).length
      expect(report.summary.overall).toEqual({ passed: 15 - failing, total: 15 })
      expect(io.stderr).toEqual([])
    })
  }

  it('prints the summary table and the failing cases with their first error', async () => {
    const io = evalIo(fixtureFiles())
    await runCli(['eval', ...SUITE, '--replies', 'results-raw.jsonl'], io)
    const out = io.stdout.join('\n')
    expect(out).toMatch(/^overall\s+6\s+15\s+40\.0$/m)
    expect(out).toMatch(/^ {2}irrelevance\s+1\s+2\s+50\.0$/m)
    expect(out).toMatch(/^compliance \(parsed\)\s+14\s+15/m)
    expect(out).toMatch(/^ {2}value_error:string\s+1$/m)
    expect(out).toContain("simple_python_1  value_error:string  Invalid value for parameter 'city': 'London'.")
    expect(out).toContain('failing (9)')
    // Offline: no cost and no model x protocol table.
    expect(out).not.toContain('latency')
    expect(out).not.toContain('model x protocol')
  })

  it('exits 0 when every case passed, reading files whole when the io cannot stream', async () => {
    const files = fixtureFiles()
    const passing = ['multiple_1', 'parallel_0', 'parallel_multiple_1', 'irrelevance_0']
    files['q.jsonl'] = linesOf(files['questions.jsonl'] as string, passing)
    files['r.jsonl'] = linesOf(files['results-decoded.jsonl'] as string, passing)
    const io = evalIo(files, { whole: true })
    expect(await runCli(['eval', 'q.jsonl', '--answers', 'possible_answer.jsonl', '--replies', 'r.jsonl'], io)).toBe(0)
    expect(io.stdout.join('\n')).toMatch(/^overall\s+4\s+4\s+100\.0$/m)
    expect(io.stdout.join('\n')).not.toContain('failing')
  })

  it('says the lines it cannot read, and goes on', async () => {
    const files = fixtureFiles()
    files['questions.jsonl'] += '{"id": "simple_python_99", "question": [[{"role": "user"\n'
    files['r.jsonl'] = `${files['results-decoded.jsonl']}\n{"id": "nobody", "result": []}\n`
    const io = evalIo(files)
    expect(await runCli(['eval', ...SUITE, '--replies', 'r.jsonl', '--json', 'out.json'], io)).toBe(1)
    expect(io.stderr[0]).toMatch(/^questions\.jsonl: line 16: not JSON/)
    expect(io.stderr[1]).toMatch(/^r\.jsonl: line 17: no case "nobody" in the suite$/)
    expect(jsonReportOf(io, 'out.json').cases).toHaveLength(15)
  })

  it('decodes raw replies with --protocol: other formats then fail to decode', async () => {
    const io = evalIo(fixtureFiles())
    await runCli(['eval', ...SUITE, '--replies', 'results-raw.jsonl', '--protocol', 'hermes', '--json', 'o'], io)
    const verdicts = Object.fromEntries(jsonReportOf(io, 'o').cases.map((c) => [c.id, c.error_type]))
    expect(verdicts.simple_python_2).toBe('type_error:simple')
    expect(verdicts.simple_python_1).toBe('ast_decoder:decoder_failed')
  })
})

describe('vcp eval --junit', () => {
  it('writes well-formed JUnit XML: a testsuite per category, a testcase per case, a failure per failing one', async () => {
    const io = evalIo(fixtureFiles())
    await runCli(['eval', ...SUITE, '--replies', 'results-raw.jsonl', '--junit', 'junit.xml'], io)
    const xml = io.files['junit.xml'] as string
    const elements = wellFormedElements(xml)
    expect(elements.filter((name) => name === 'testsuite')).toHaveLength(5)
    expect(elements.filter((name) => name === 'testcase')).toHaveLength(15)
    expect(elements.filter((name) => name === 'failure')).toHaveLength(9)
    expect(xml).toContain('<testsuites name="vcp eval" tests="15" failures="9">')
    expect(xml).toContain('<failure type="type_error:nested"')
    // The checker's message holds <class 'str'>: escaped in the text.
    expect(xml).toContain("inner type &lt;class 'str'&gt;")
  })

  it('escapes markup, quotes and line ends, and replaces what XML cannot hold', () => {
    expect(xmlText('a < b & c > "d"')).toBe('a &lt; b &amp; c &gt; "d"')
    expect(xmlAttribute('say "hi"\nthen\tgo')).toBe('say &quot;hi&quot;&#10;then&#9;go')
    expect(xmlText('bell\u0007 nul\u0000 lone\uD800 ok\u{1F600}')).toBe('bell\uFFFD nul\uFFFD lone\uFFFD ok\u{1F600}')
  })
})

/**
 * The element names of an XML text, in order, after checking it roughly: every `<` opens a tag of
 * the right shape, tags nest, `&` only starts an entity, one root.
 */
function wellFormedElements(xml: string): string[] {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos|#\d+);[^"<&]*)*")*)\s*(\/?)>/y
  const names: string[] = []
  const open: string[] = []
  let roots = 0
  for (let at = 0; at < body.length; ) {
    if (body[at] !== '<') {
      const next = body.indexOf('<', at)
      const text = body.slice(at, next === -1 ? body.length : next)
      expect(text.replace(/&(?:amp|lt|gt|quot|apos|#\d+);/g, '')).not.toContain('&')
      if (open.length === 0) expect(text.trim()).toBe('')
      at = next === -1 ? body.length : next
      continue
    }
    tag.lastIndex = at
    const match = tag.exec(body)
    if (!match) throw new Error(`not a tag at ${at}: ${body.slice(at, at + 40)}`)
    const [whole, closing, name, , selfClosing] = match
    if (closing) expect(open.pop()).toBe(name)
    else {
      if (open.length === 0) roots++
      names.push(name as string)
      if (!selfClosing) open.push(name as string)
    }
    at += whole.length
  }
  expect(open).toEqual([])
  expect(roots).toBe(1)
  return names
}

describe('vcp eval --baseline', () => {
  async function baselineFrom(file: string): Promise<Record<string, string>> {
    const files = fixtureFiles()
    await runCli(['eval', ...SUITE, '--replies', file, '--json', 'baseline.json'], evalIo(files))
    return files
  }

  it('exits 1 when a case that passed in the baseline fails now, listing the regression first', async () => {
    const files = await baselineFrom('results-decoded.jsonl')
    const io = evalIo(files)
    expect(await runCli(['eval', ...SUITE, '--replies', 'results-raw.jsonl', '--baseline', 'baseline.json'], io)).toBe(
      1,
    )
    const lines = io.stdout.join('\n').split('\n')
    expect(lines[0]).toMatch(/^against baseline\.json: 1 regressed, 3 fixed, 8 still failing, 3 still passing/)
    expect(lines[1]).toMatch(
      /^ {2}regression\s+parallel_multiple_1 {2}passed -> ast_decoder:decoder_wrong_output_format$/,
    )
    expect(lines[2]).toMatch(/^ {2}fixed\s+multiple_0 {2}multiple_function_checker:wrong_count -> passed$/)
  })

  it('exits 0 when the cases that fail now failed in the baseline too', async () => {
    const files = await baselineFrom('results-raw.jsonl')
    const io = evalIo(files)
    expect(await runCli(['eval', ...SUITE, '--replies', 'results-raw.jsonl', '--baseline', 'baseline.json'], io)).toBe(
      0,
    )
    expect(io.stdout[0]).toMatch(/^against baseline\.json: 0 regressed, 0 fixed, 9 still failing/)
    expect(io.stdout.join('\n')).toContain('failing (9)')
  })

  it.each([
    ['not json', 'baseline.json is not JSON'],
    ['{"runs": []}', 'baseline.json is not a vcp eval --json report: it has no "cases" list'],
    ['{"cases": [{"id": "a", "valid": "yes"}]}', 'baseline.json: cases[0]: no "valid" (true or false)'],
  ])('exits 2 on a baseline that is not a report: %s', async (text, message) => {
    const io = evalIo({ ...fixtureFiles(), 'baseline.json': text })
    expect(await runCli(['eval', ...SUITE, '--replies', 'results-raw.jsonl', '--baseline', 'baseline.json'], io)).toBe(
      2,
    )
    expect(io.stderr.join('\n')).toContain(message)
    expect(io.stdout).toEqual([])
  })
})

describe('vcp eval exit status 2', () => {
  it.each([
    [['eval', ...SUITE], 'give either --replies FILE (offline) or --endpoint URL (live)'],
    [['eval', ...SUITE, '--replies', 'r', '--endpoint', 'http://x'], 'give either --replies FILE'],
    [['eval', '--replies', 'r'], 'no suite file given'],
    [['eval', 'a', 'b', '--replies', 'r'], 'takes one suite file, got 2'],
    [['eval', 'a', '--replies', 'r', '--repeat', '3'], '--repeat is for the live lane (--endpoint)'],
    [
      ['eval', 'a', '--endpoint', 'http://x', '--model', 'm', '--protocol', 'vcp'],
      '--protocol is for the offline lane (--replies)',
    ],
    [['eval', 'a', '--endpoint', 'http://x'], '--endpoint needs --model NAME'],
    [
      ['eval', 'a', '--endpoint', 'u', '--model', 'm', '--protocols', 'vcp,smoke'],
      '--protocols: "smoke" is not one of vcp, json',
    ],
    [['eval', 'a', '--endpoint', 'u', '--model', 'm', '--repeat', '0'], '--repeat needs a whole number of at least 1'],
    [['eval', 'a', '--replies', 'r', '--protocol', 'nope'], 'unknown protocol "nope"'],
    [['eval', 'a', '--replies', 'r', '--verbose'], 'unknown option --verbose'],
    [['eval', 'a', '--replies', 'r', '--json'], '--json needs a value'],
  ])('on bad usage: %j', async (argv, message) => {
    const io = evalIo(fixtureFiles())
    expect(await runCli(argv, io)).toBe(2)
    expect(io.stderr[0]).toContain(`vcp eval: ${message}`)
    expect(io.stderr[0]).toContain('Usage:')
  })

  it('when the suite cannot be read, naming its path', async () => {
    const io = evalIo(fixtureFiles())
    expect(await runCli(['eval', 'missing/questions.jsonl', '--replies', 'results-raw.jsonl'], io)).toBe(2)
    expect(io.stderr).toEqual([
      "vcp eval: cannot read missing/questions.jsonl: ENOENT: no such file, open 'missing/questions.jsonl'",
    ])
  })

  it('when the answers or the replies cannot be read', async () => {
    const answers = evalIo(fixtureFiles())
    expect(await runCli(['eval', 'questions.jsonl', '--answers', 'gone.jsonl', '--replies', 'r'], answers)).toBe(2)
    expect(answers.stderr[0]).toMatch(/^vcp eval: cannot read gone\.jsonl: /)
    const replies = evalIo(fixtureFiles())
    expect(await runCli(['eval', ...SUITE, '--replies', 'gone.jsonl'], replies)).toBe(2)
    expect(replies.stderr[0]).toMatch(/^vcp eval: cannot read gone\.jsonl: /)
  })

  it('when no case can be read, after saying why each line could not', async () => {
    const io = evalIo({ 'q.jsonl': '{"id": "simple_1"}\nnot json\n', r: '' })
    expect(await runCli(['eval', 'q.jsonl', '--replies', 'r'], io)).toBe(2)
    expect(io.stderr).toEqual([
      expect.stringMatching(/^q\.jsonl: line 1: not a suite line/),
      expect.stringMatching(/^q\.jsonl: line 2: not JSON/),
      'vcp eval: q.jsonl: no case could be read from the suite',
    ])
  })
})

describe('vcp eval as a process', () => {
  const root = resolve(__dirname, '../..')
  const fixtures = join(root, 'tests/fixtures/eval')
  const run = promisify(execFile)
  const evalArgs = (replies: string) => [
    'tsx',
    'scripts/vcp.ts',
    'eval',
    join(fixtures, 'questions.jsonl'),
    '--answers',
    join(fixtures, 'possible_answer.jsonl'),
    '--replies',
    replies,
  ]

  it('exits 1 with failing cases and writes its report, 2 with an unreadable suite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcp-eval-'))
    const report = join(dir, 'report.json')
    await expect(
      run('npx', [...evalArgs(join(fixtures, 'results-raw.jsonl')), '--json', report], { cwd: root }),
    ).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('failing (9)') })
    expect((JSON.parse(readFileSync(report, 'utf8')) as { cases: unknown[] }).cases).toHaveLength(15)
    const missing = join(dir, 'missing.jsonl')
    writeFileSync(join(dir, 'empty.jsonl'), '')
    await expect(
      run('npx', ['tsx', 'scripts/vcp.ts', 'eval', missing, '--replies', join(dir, 'empty.jsonl')], { cwd: root }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining(`cannot read ${missing}`) })
  }, 60_000)
})
