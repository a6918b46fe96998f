import { describe, expect, it } from 'vitest'
import { createTextTool } from '../../src/tools'
import { caller } from './helpers'

const call = caller(createTextTool())

describe('text tool', () => {
  it('lists regex matches with numbered and named groups', async () => {
    const result = await call('text_regexTest', { pattern: '(\\d+)-(?<word>\\w+)?', input: '12-ab 7-' })
    expect(JSON.parse(result.result)).toEqual({
      count: 2,
      truncated: false,
      matches: [
        { match: '12-ab', index: 0, groups: ['12', 'ab'], named: { word: 'ab' } },
        { match: '7-', index: 6, groups: ['7', null], named: { word: null } },
      ],
    })
    const first = JSON.parse((await call('text_regexTest', { pattern: 'a', input: 'aaa', flags: 'i' })).result) as {
      count: number
    }
    expect(first.count).toBe(1)
    const empty = JSON.parse((await call('text_regexTest', { pattern: 'x*', input: 'ab' })).result) as { count: number }
    expect(empty.count).toBe(3)
  })

  it('reports a bad pattern', async () => {
    const result = await call('text_regexTest', { pattern: '(', input: '' })
    expect(result.status).toBe('error')
    expect(result.result).toMatch(/^"text_regexTest" failed: invalid regular expression: .*\(/)
  })

  it('matches catastrophic-backtracking patterns in linear time (^(a+)+$ on 40 characters took 112 s)', async () => {
    const hostile: [string, string][] = [
      ['^(a+)+$', 'a'.repeat(40) + 'b'],
      ['(x+x+)+y', 'x'.repeat(5000)],
      ['^(\\w+\\s?)*$', 'word '.repeat(10_000) + '!'],
    ]
    for (const [pattern, input] of hostile) {
      const result = await call('text_regexTest', { pattern, input })
      expect(result.status).toBe('success')
      expect(JSON.parse(result.result)).toMatchObject({ count: 0 })
    }
    const long = await call('text_regexTest', { pattern: '^(a+)+$', input: 'a'.repeat(3000) })
    expect(JSON.parse(long.result)).toMatchObject({ count: 1, matches: [{ index: 0, groups: ['a'.repeat(3000)] }] })
  })

  it('says why lookaround, backreferences and unknown flags are refused', async () => {
    expect((await call('text_regexTest', { pattern: '(a)\\1', input: 'aa' })).result).toMatch(
      /backreferences are not supported/,
    )
    expect((await call('text_regexTest', { pattern: 'a(?=b)', input: 'ab' })).result).toMatch(/Lookahead, lookbehind/)
    expect((await call('text_regexTest', { pattern: 'a', input: 'a', flags: 'gy' })).result).toMatch(
      /unsupported flag "y"/,
    )
    expect(
      JSON.parse((await call('text_regexTest', { pattern: 'A.B', input: 'a\nb', flags: 'gis' })).result),
    ).toMatchObject({ count: 1 })
  })

  it('hashes with Web Crypto', async () => {
    expect((await call('text_hash', { text: 'hello' })).result).toBe(
      '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    )
    expect((await call('text_hash', { text: 'hello', algorithm: 'SHA-1' })).result).toBe(
      'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d',
    )
    expect((await call('text_hash', { text: 'x', algorithm: 'MD5' })).result).toBe(
      'Invalid arguments for "text_hash": "algorithm" must be one of "SHA-1", "SHA-256", "SHA-384", "SHA-512", got "MD5".',
    )
  })

  it('round-trips base64 with UTF-8, standard and URL-safe', async () => {
    expect((await call('text_base64Encode', { text: 'héllo 世界' })).result).toBe('aMOpbGxvIOS4lueVjA==')
    expect((await call('text_base64Encode', { text: '??>', urlSafe: 'true' })).result).toBe('Pz8-')
    expect((await call('text_base64Decode', { base64: 'aMOpbGxvIOS4lueVjA' })).result).toBe('héllo 世界')
    expect((await call('text_base64Decode', { base64: 'Pz8-' })).result).toBe('??>')
    expect((await call('text_base64Decode', { base64: 'a$b' })).result).toBe(
      '"text_base64Decode" failed: base64 holds characters outside the base64 alphabet or has an impossible length.',
    )
    expect((await call('text_base64Decode', { base64: '/w==' })).result).toBe(
      '"text_base64Decode" failed: the decoded bytes are not valid UTF-8 text.',
    )
  })

  it('counts', async () => {
    expect(JSON.parse((await call('text_stats', { text: 'two words\n世界 😀' })).result)).toEqual({
      characters: 14,
      utf16Units: 15,
      utf8Bytes: 21,
      words: 4,
      lines: 2,
    })
  })
})
