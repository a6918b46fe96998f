import { describe, expect, it } from 'vitest'
import { readLiteral } from '../../../../src/core/protocols/native/formats/pythonic-literals'
import { parse, calls } from './helpers'

describe('pythonic string literals read only their own text', () => {
  it('leaves a backslash after the closing quote to the text that follows', () => {
    const text = String.raw`'Paris', path='C:\new\table'`
    expect(readLiteral(text, 0, text.length)).toEqual({ ok: true, value: 'Paris', end: 7 })
    const escaped = String.raw`'a\tb' + '\n'`
    expect(readLiteral(escaped, 0, escaped.length)).toEqual({ ok: true, value: 'a\tb', end: 6 })
  })

  it('reads an escape that ends the string body, and none past it', () => {
    const text = String.raw`"x\\" "\n"`
    expect(readLiteral(text, 0, 5)).toEqual({ ok: true, value: 'x\\', end: 5 })
  })

  it('takes an f-string without placeholders as text even when a brace follows it', () => {
    const text = "f'Paris', note={'k': 1}"
    expect(readLiteral(text, 0, text.length)).toEqual({ ok: true, value: 'Paris', end: 8 })
    const placeholder = "f'{city}'"
    expect(readLiteral(placeholder, 0, placeholder.length)).toMatchObject({ ok: false, code: 'invalid-literal' })
  })

  it('reads every string of a long reply as its own call wrote it', () => {
    const lines: string[] = []
    for (let n = 0; n < 300; n++) lines.push(`Line ${n} of prose.\n[get_weather(city='Paris ${n}', note='a\\tb')]`)
    lines.push(String.raw`Trailing prose with C:\path and {braces}.`)
    const found = calls(parse('pythonic', lines.join('\n')))
    expect(found).toHaveLength(300)
    expect(found[0]).toEqual({ name: 'get_weather', arguments: { city: 'Paris 0', note: 'a\tb' } })
    expect(found[299]).toEqual({ name: 'get_weather', arguments: { city: 'Paris 299', note: 'a\tb' } })
  })
})
