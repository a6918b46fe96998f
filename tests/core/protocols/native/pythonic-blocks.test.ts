import { describe, expect, it } from 'vitest'
import { calls, parse } from './helpers'

const block = (city: string): string => `<|python_start|>get_weather(city="${city}")<|python_end|>`

describe('Llama 4: bare lists between marked blocks', () => {
  it('finds a bare list in a later gap after gaps that hold no `[`', () => {
    const text = [
      'First the marked calls.',
      block('Paris'),
      'No list here.',
      block('Rome'),
      '[get_time(zone="CET")]',
      block('Oslo'),
      'Nothing more.',
    ].join('\n')
    expect(calls(parse('llama4-pythonic', text)).map((c) => c.name)).toEqual([
      'get_weather',
      'get_weather',
      'get_time',
      'get_weather',
    ])
  })

  it('reads a bare list after the last block, and skips a `[` inside a block', () => {
    const text = [
      '<|python_start|>[get_weather(city="Paris")]<|python_end|>',
      'Then some prose [not a call].',
      block('Rome'),
      '[get_time(zone="UTC"), get_weather(city="Lima")]',
    ].join('\n')
    expect(calls(parse('llama4-pythonic', text))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'get_weather', arguments: { city: 'Rome' } },
      { name: 'get_time', arguments: { zone: 'UTC' } },
      { name: 'get_weather', arguments: { city: 'Lima' } },
    ])
  })
})
