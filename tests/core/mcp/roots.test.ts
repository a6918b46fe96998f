/** Roots as file:// URIs: POSIX and Windows paths, spaces and non-ASCII letters percent-encoded, and what cannot be a root. */
import { describe, expect, it } from 'vitest'
import { pathToFileURL } from 'node:url'
import { encodePathSegment, rootUri, rootsOfEntries } from '../../../src/core/mcp/roots'

const uri = (text: string) => {
  const reading = rootUri(text)
  if (!reading.ok) throw new Error(reading.problem)
  return reading.uri
}
const problem = (text: string) => {
  const reading = rootUri(text)
  if (reading.ok) throw new Error(`read as ${reading.uri}`)
  return reading.problem
}

describe('rootUri', () => {
  it.each([
    ['/home/me/notes', 'file:///home/me/notes'],
    ['/home/me/My Notes', 'file:///home/me/My%20Notes'],
    ['/home/me/文档/笔记', 'file:///home/me/%E6%96%87%E6%A1%A3/%E7%AC%94%E8%AE%B0'],
    ['/tmp/a#b?c%d', 'file:///tmp/a%23b%3Fc%25d'],
    ['/srv/data/', 'file:///srv/data/'],
    ['//srv//data', 'file:///srv/data'],
    ['  /trimmed  ', 'file:///trimmed'],
  ])('POSIX path %j is %s', (path, expected) => {
    expect(uri(path)).toBe(expected)
  })

  it('agrees with Node for POSIX paths of spaces, non-ASCII letters and reserved characters', () => {
    for (const path of ['/a b/c', '/ü/ñ/日本', '/x%y', '/q?r', '/h#i', "/it's (1)", '/emoji 😀'])
      expect(decodeURIComponent(uri(path))).toBe(decodeURIComponent(pathToFileURL(path).href))
  })

  it.each([
    ['C:\\Users\\me\\My Documents', 'file:///C:/Users/me/My%20Documents'],
    ['d:/projects/ünïcode', 'file:///d:/projects/%C3%BCn%C3%AFcode'],
    ['C:\\', 'file:///C:/'],
    ['\\\\Server\\share\\team docs', 'file://server/share/team%20docs'],
  ])('Windows path %j is %s', (path, expected) => {
    expect(uri(path)).toBe(expected)
  })

  it.each([
    ['file:///home/me/a b', 'file:///home/me/a%20b'],
    ['file:///home/me/%E6%96%87', 'file:///home/me/%E6%96%87'],
    ['FILE:///C:/x', 'file:///C:/x'],
    ['file://localhost/etc', 'file:///etc'],
    ['file:///home/文', 'file:///home/%E6%96%87'],
  ])('file:// URI %j is %s', (text, expected) => {
    expect(uri(text)).toBe(expected)
  })

  it.each([
    ['', 'needs a folder'],
    ['   ', 'needs a folder'],
    ['notes', 'not an absolute path'],
    ['./notes', 'not an absolute path'],
    ['~/notes', 'not an absolute path'],
    ['C:notes', 'not an absolute path'],
    ['https://example.com/x', 'https: URI'],
    ['file:///x?y=1', 'no query'],
    ['file:///x#top', 'no query'],
    ['file://[bad/x', 'not a valid file:// URI'],
    ['/tmp/a\u0000b', 'control character'],
    ['\\\\?\\C:\\long', 'prefix'],
  ])('%j is refused: %s', (text, reason) => {
    expect(problem(text)).toContain(reason)
  })

  it('quotes a long path in its reason, cut to 120 characters', () => {
    expect(problem('x'.repeat(500)).length).toBeLessThan(250)
  })
})

describe('encodePathSegment', () => {
  it('keeps RFC 3986 path characters and encodes the rest as UTF-8 bytes', () => {
    expect(encodePathSegment("a-._~!$&'()*+,;=:@z")).toBe("a-._~!$&'()*+,;=:@z")
    expect(encodePathSegment('a b/é')).toBe('a%20b%2F%C3%A9')
  })
})

describe('rootsOfEntries', () => {
  it('keeps the readable entries with their trimmed names, and says why each other one is left out', () => {
    const { roots, problems } = rootsOfEntries([
      { path: '/home/me/notes', name: ' Notes ' },
      { path: 'relative' },
      { path: 'C:\\work', name: '   ' },
    ])
    expect(roots).toEqual([{ uri: 'file:///home/me/notes', name: 'Notes' }, { uri: 'file:///C:/work' }])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('"relative"')
  })
})
