import { describe, expect, it } from 'vitest'
import { readJsonLines, splitJsonLines, type JsonLine } from '../../../src/core/eval/jsonl'

async function collect(source: Parameters<typeof readJsonLines>[0]): Promise<JsonLine[]> {
  const lines: JsonLine[] = []
  for await (const line of readJsonLines(source)) lines.push(line)
  return lines
}

/** The text cut into chunks of `size` characters (so cuts fall anywhere, inside lines and characters). */
function chunked(text: string, size: number): string[] {
  const chunks: string[] = []
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size))
  return chunks
}

async function* slowly(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) {
    await Promise.resolve()
    yield chunk
  }
}

describe('readJsonLines: JSON lines', () => {
  it('reads one value a line, numbering lines from 1 and counting blank ones', async () => {
    const text = '{"id":"a"}\n\n   \n[1,2]\n"text"\n42'
    expect(await collect(text)).toEqual([
      { line: 1, value: { id: 'a' } },
      { line: 4, value: [1, 2] },
      { line: 5, value: 'text' },
      { line: 6, value: 42 },
    ])
  })

  it('reports a line that is not JSON with its number and reads on', async () => {
    const lines = await collect('{"ok":1}\n{"broken":\n{"ok":2}\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toEqual({ line: 1, value: { ok: 1 } })
    expect(lines[1]).toMatchObject({ line: 2, error: expect.stringMatching(/^line 2: not JSON \(.+\)$/) })
    expect(lines[2]).toEqual({ line: 3, value: { ok: 2 } })
  })

  it('accepts CRLF line ends, also when the CR and LF fall in different chunks', async () => {
    expect(await collect('{"a":1}\r\n{"b":2}\r\n')).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { b: 2 } },
    ])
    expect(await collect(['{"a":1}\r', '\n{"b":2}\r', '\n'])).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { b: 2 } },
    ])
  })

  it('joins a line split across chunks, at every cut', async () => {
    const text = '{"name":"get_weather","args":{"city":"Zürich"}}\n{"n":2}\n'
    const whole = await collect(text)
    for (const size of [1, 2, 3, 7, 13]) {
      expect(await collect(chunked(text, size))).toEqual(whole)
      expect(await collect(slowly(chunked(text, size)))).toEqual(whole)
    }
  })

  it('joins a surrogate pair cut between chunks', async () => {
    const smile = '\uD83D\uDE00'
    const lines = await collect(['{"emoji":"\uD83D', '\uDE00"}\n'])
    expect(lines).toEqual([{ line: 1, value: { emoji: smile } }])
  })

  it('drops a BOM at the very start only', async () => {
    expect(await collect('\uFEFF{"a":1}\n')).toEqual([{ line: 1, value: { a: 1 } }])
    expect(await collect(['', '\uFEFF{"a":1}'])).toEqual([{ line: 1, value: { a: 1 } }])
    const later = await collect('{"a":1}\n\uFEFF{"b":2}')
    expect(later[1]).toMatchObject({ line: 2, error: expect.stringContaining('line 2: not JSON') })
  })

  it('reads a last line without a line end, and nothing from blank input', async () => {
    expect(await collect(['{"a":', '1}'])).toEqual([{ line: 1, value: { a: 1 } }])
    expect(await collect('')).toEqual([])
    expect(await collect(['\n', '  \r\n', ''])).toEqual([])
    expect(await collect([])).toEqual([])
  })

  it('streams: the first line comes out before the source is read to its end', async () => {
    let pulled = 0
    async function* source(): AsyncGenerator<string> {
      for (let i = 0; i < 100; i++) {
        pulled++
        yield `{"i":${i}}\n`
      }
    }
    const lines = readJsonLines(source())
    const first = await lines.next()
    expect(first.value).toEqual({ line: 1, value: { i: 0 } })
    expect(pulled).toBeLessThan(100)
    await lines.return(undefined)
  })

  it('streams 10,000 generated lines in uneven chunks', async () => {
    async function* generated(): AsyncGenerator<string> {
      let pending = ''
      for (let i = 0; i < 10_000; i++) {
        pending += `{"id":"case-${i}","question":[[{"role":"user","content":"q ${i}"}]]}\n`
        if (pending.length > 1000) {
          yield pending.slice(0, 777)
          pending = pending.slice(777)
        }
      }
      yield pending
    }
    let values = 0
    let errors = 0
    let lastLine = 0
    for await (const line of readJsonLines(generated())) {
      if ('value' in line) values++
      else errors++
      lastLine = line.line
    }
    expect(values).toBe(10_000)
    expect(errors).toBe(0)
    expect(lastLine).toBe(10_000)
  })
})

describe('readJsonLines: one JSON array', () => {
  it('yields each element with the line it starts on', async () => {
    const text = '\n[\n  {"id": "a"},\n  {"id": "b",\n   "x": [1, 2]},\n  "c"\n]\n'
    expect(await collect(text)).toEqual([
      { line: 3, value: { id: 'a' } },
      { line: 4, value: { id: 'b', x: [1, 2] } },
      { line: 6, value: 'c' },
    ])
  })

  it('reads the same in chunks, after a BOM, and with brackets and commas inside strings', async () => {
    const text = '\uFEFF[{"s": "a, ] } [ \\" {"}, {"t": 2}]'
    const expected = [
      { line: 1, value: { s: 'a, ] } [ " {' } },
      { line: 1, value: { t: 2 } },
    ]
    expect(await collect(text)).toEqual(expected)
    expect(await collect(chunked(text, 3))).toEqual(expected)
  })

  it('an empty array has no elements', async () => {
    expect(await collect(' [ ] ')).toEqual([])
  })

  it('a bad element is an error and the rest are read', async () => {
    const lines = await collect('[\n{"a":1},\n{"b":},\n{"c":3}\n]')
    expect(lines[0]).toEqual({ line: 2, value: { a: 1 } })
    expect(lines[1]).toMatchObject({ line: 3, error: expect.stringContaining('line 3: not JSON') })
    expect(lines[2]).toEqual({ line: 4, value: { c: 3 } })
  })

  it('empty elements, an unclosed array and a wrong closer are errors', async () => {
    expect(await collect('[1,]')).toEqual([
      { line: 1, value: 1 },
      { line: 1, error: 'line 1: not JSON (an empty array element)' },
    ])
    expect(await collect('[,1]')).toEqual([
      { line: 1, error: 'line 1: not JSON (an empty array element)' },
      { line: 1, value: 1 },
    ])
    expect(await collect('[\n{"a":1},\n')).toEqual([
      { line: 3, error: 'line 3: not JSON (the array that opens on line 1 is not closed)' },
    ])
    expect(await collect('[1}')).toEqual([{ line: 1, error: 'line 1: not JSON (the array closes with })' }])
  })

  it('JSON lines whose first line is an array are read as lines', async () => {
    expect(await collect('[1,2]\n{"a":1}\n')).toEqual([
      { line: 1, value: [1, 2] },
      { line: 2, value: { a: 1 } },
    ])
  })
})

describe('splitJsonLines', () => {
  it('reads a whole text as readJsonLines does', async () => {
    for (const text of ['{"a":1}\r\n\nnope\n{"b":2}', '[{"a":1},\n{"b":2}]', '\uFEFF{"a":1}', '']) {
      expect(splitJsonLines(text)).toEqual(await collect(text))
    }
  })
})
