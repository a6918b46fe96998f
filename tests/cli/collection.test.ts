import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/vcp'
import { writeCollectionFile } from '../../src/core/collections'
import { memoryIo } from './memory-io'

const maths = writeCollectionFile({
  name: 'Maths',
  calls: [
    { name: 'answer', method: 'calc_evaluate', arguments: { expression: '6*7' } },
    { name: 'broken', method: 'calc_evaluate', arguments: { expression: '1+' } },
    { name: 'note', method: 'fs_write', arguments: { path: '/saved.md', content: 'kept' } },
  ],
})

interface Executed {
  results: { requestId: string; toolName: string; status: string; result: string; durationMs: number }[]
  diagnostics: unknown[]
}

describe('vcp exec --collection', () => {
  const files = () => mkdtempSync(join(tmpdir(), 'vcp-collection-'))

  it('runs the named saved call and prints the result as exec does', async () => {
    const io = memoryIo({ 'maths.json': maths })
    expect(await runCli(['exec', '--files', files(), '--collection', 'maths.json', 'answer'], io)).toBe(0)
    expect(io.stderr).toEqual([])
    const out = JSON.parse(io.stdout[0] as string) as Executed
    expect(out.results).toEqual([
      expect.objectContaining({ requestId: 'req-1', toolName: 'calc_evaluate', status: 'success' }),
    ])
    expect(JSON.parse(out.results[0]!.result)).toMatchObject({ result: 42 })
    expect(out.diagnostics).toEqual([])
  })

  it('uses the same built-in tools, with the files folder of --files', async () => {
    const folder = files()
    const io = memoryIo({ 'maths.json': maths })
    expect(await runCli(['exec', '--files', folder, '--collection', 'maths.json', 'Maths/note'], io)).toBe(0)
    expect(readFileSync(join(folder, 'saved.md'), 'utf8')).toBe('kept')
  })

  it('a call that fails is data, as in exec: status 0', async () => {
    const io = memoryIo({ 'maths.json': maths })
    expect(await runCli(['exec', '--files', files(), '--collection', 'maths.json', 'broken'], io)).toBe(0)
    expect((JSON.parse(io.stdout[0] as string) as Executed).results[0]?.status).toBe('error')
  })

  it('exits 2 naming the calls the file has when the name is unknown', async () => {
    const io = memoryIo({ 'maths.json': maths })
    expect(await runCli(['exec', '--collection', 'maths.json', 'nope'], io)).toBe(2)
    expect(io.stderr).toEqual(['vcp exec: maths.json: no call named "nope"; the calls are: "answer", "broken", "note"'])
    expect(io.stdout).toEqual([])
  })

  it('exits 2 on a file it cannot read', async () => {
    const io = memoryIo({})
    expect(await runCli(['exec', '--collection', 'missing.json', 'answer'], io)).toBe(2)
    expect(io.stderr[0]).toMatch(/^vcp exec: cannot read missing\.json: ENOENT/)
  })

  it('exits 2 on a file that is not a collection, or holds a bad entry (each named)', async () => {
    const bad = JSON.stringify({
      format: 'vcp-workbench.collection',
      version: 1,
      name: 'Bad',
      calls: [
        { name: 'answer', method: 'calc_evaluate', arguments: {} },
        { name: 'x' },
        { name: 'y', method: 'm', arguments: 3 },
      ],
    })
    const io = memoryIo({ 'bad.json': bad, 'text.json': 'not json', 'other.json': '{"format": "other"}' })
    expect(await runCli(['exec', '--collection', 'bad.json', 'answer'], io)).toBe(2)
    expect(io.stderr[0]).toBe(
      'vcp exec: bad.json is not a valid collection: 2 bad entries\n' +
        '  "Bad" calls[1]: no method (a routing name such as calc_evaluate)\n' +
        '  "Bad" calls[2]: "arguments" is not an object of named arguments',
    )
    expect(await runCli(['exec', '--collection', 'text.json', 'answer'], io)).toBe(2)
    expect(io.stderr[1]).toMatch(/^vcp exec: text\.json is not a valid collection: the file is not JSON/)
    expect(await runCli(['exec', '--collection', 'other.json', 'answer'], io)).toBe(2)
    expect(io.stderr[2]).toContain('the "format" is "other"')
    expect(io.stdout).toEqual([])
  })

  it.each([
    [['exec', '--collection', 'maths.json'], '--collection FILE takes the NAME of one saved call'],
    [['exec', '--collection'], '--collection needs a value'],
    [['check', '--collection', 'maths.json', 'answer'], 'unknown option --collection'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const io = memoryIo({ 'maths.json': maths })
    expect(await runCli(argv, io)).toBe(2)
    expect(io.stderr.join('\n')).toContain(message)
  })
})
