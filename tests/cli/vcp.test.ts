import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { runCli, type CliIo } from '../../src/cli/vcp'

const REQUEST = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>'

function memoryIo(files: Record<string, string>, stdin = ''): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = []
  const stderr: string[] = []
  return {
    stdout,
    stderr,
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file, open '${path}'`)
      return files[path] as string
    },
    readStdin: async () => stdin,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
  }
}

describe('vcp parse', () => {
  it('prints one compact JSON line per file', async () => {
    const io = memoryIo({ 'a.txt': REQUEST, 'b.txt': 'no requests <<<[END_TOOL_REQUEST]>>>' })
    expect(await runCli(['parse', 'a.txt', 'b.txt'], io)).toBe(0)
    expect(io.stdout).toHaveLength(2)
    expect(JSON.parse(io.stdout[0] as string)).toEqual({
      requests: [{ requestId: 'req-1', toolName: 'calc_evaluate', args: { expression: '1+2' }, valid: true, start: 0, end: REQUEST.length }],
      diagnostics: [],
    })
    expect(JSON.parse(io.stdout[1] as string).diagnostics[0].code).toBe('stray-end-marker')
  })

  it('gives the same output with --chunk as without', async () => {
    const text = `prose ${REQUEST} more ${REQUEST.replace('1+2', '「末」')}`
    const whole = memoryIo({ f: text })
    const chunked = memoryIo({ f: text })
    await runCli(['parse', 'f'], whole)
    await runCli(['parse', '--chunk', '5', 'f'], chunked)
    expect(chunked.stdout).toEqual(whole.stdout)
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

describe('vcp as a process', () => {
  it('runs through npm run --silent vcp', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcp-cli-'))
    const file = join(dir, 'reply.txt')
    writeFileSync(file, REQUEST)
    const run = promisify(execFile)
    const { stdout } = await run('npm', ['run', '--silent', 'vcp', '--', 'parse', '--chunk', '3', file], { cwd: resolve(__dirname, '../..') })
    expect(JSON.parse(stdout).requests[0].toolName).toBe('calc_evaluate')
    await expect(run('npm', ['run', '--silent', 'vcp', '--', 'parse', join(dir, 'missing.txt')], { cwd: resolve(__dirname, '../..') })).rejects.toMatchObject({ code: 2 })
  }, 30_000)
})
