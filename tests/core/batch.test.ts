import { describe, expect, it } from 'vitest'
import { splitBatch } from '../../src/core'

describe('splitBatch', () => {
  it('groups numbered keys under their commandN, in order, sharing unnumbered keys', () => {
    expect(
      splitBatch({ command2: 'Write', path2: '/b', command1: 'Read', path1: '/a', encoding: 'utf8', md5: 'x' }),
    ).toEqual([
      { index: 1, command: 'Read', args: { encoding: 'utf8', md5: 'x', path: '/a' } },
      { index: 2, command: 'Write', args: { encoding: 'utf8', md5: 'x', path: '/b' } },
    ])
  })

  it('keeps md5 as md5 when there is no command5, and takes it when there is', () => {
    expect(splitBatch({ command1: 'Hash', md5: 'abc' })?.[0]?.args).toEqual({ md5: 'abc' })
    expect(splitBatch({ command5: 'Hash', md5: 'abc' })?.[0]?.args).toEqual({ md: 'abc' })
  })

  it('is undefined without numbered commands', () => {
    expect(splitBatch({ command: 'Read', path1: '/a' })).toBeUndefined()
  })
})
