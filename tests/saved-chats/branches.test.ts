/**
 * Versions of a conversation: a new version keeps what followed as the old one, switching swaps
 * whole tails, nested versions survive, and saved versions that cannot be read are dropped with a
 * note while the rest of the chat stays.
 */
import { describe, expect, it } from 'vitest'
import { allMessages, startVersion, switchVersion, versionPlace } from '../../src/saved-chats/branches'
import { readChatState } from '../../src/saved-chats/saved-state'
import { MAX_VERSION_DEPTH } from '../../src/saved-chats/saved-versions'
import { defaultChatState, type StoredMessage } from '../../src/saved-chats/model'

const user = (id: string, content = id): StoredMessage => ({ id, role: 'user', content, createdAt: 1 })
const reply = (id: string, content = id): StoredMessage => ({ id, role: 'assistant', content, createdAt: 1 })
const ids = (messages: StoredMessage[]) => messages.map((m) => m.id)

describe('versions of a conversation', () => {
  it('a new reply keeps the old one and what followed as version 1; switching back and forth swaps the tails', () => {
    const messages = [user('u1'), reply('a1'), user('u2'), reply('a2')]
    startVersion(messages, 1, reply('a1b'))
    expect(ids(messages)).toEqual(['u1', 'a1b'])
    expect(versionPlace(messages[1]!)).toEqual({ shown: 1, count: 2 })
    expect(switchVersion(messages, 1, 0)).toBe(true)
    expect(ids(messages)).toEqual(['u1', 'a1', 'u2', 'a2'])
    expect(versionPlace(messages[1]!)).toEqual({ shown: 0, count: 2 })
    expect(messages[1]!.versions!.others.map(ids)).toEqual([['a1b']])
    // A third version goes last, from whichever is shown; the order stays 1, 2, 3.
    startVersion(messages, 1, reply('a1c'))
    expect(versionPlace(messages[1]!)).toEqual({ shown: 2, count: 3 })
    expect(messages[1]!.versions!.others.map(ids)).toEqual([['a1', 'u2', 'a2'], ['a1b']])
    switchVersion(messages, 1, 1)
    expect(ids(messages)).toEqual(['u1', 'a1b'])
    expect(messages[1]!.versions!.others.map(ids)).toEqual([['a1', 'u2', 'a2'], ['a1c']])
  })

  it('an edited message starts a version at itself; versions deeper in a kept tail survive the switches', () => {
    const messages = [user('u1'), reply('a1'), user('u2'), reply('a2')]
    startVersion(messages, 3, reply('a2b'))
    startVersion(messages, 2, user('u2-edited'))
    expect(ids(messages)).toEqual(['u1', 'a1', 'u2-edited'])
    switchVersion(messages, 2, 0)
    expect(ids(messages)).toEqual(['u1', 'a1', 'u2', 'a2b'])
    expect(versionPlace(messages[3]!)).toEqual({ shown: 1, count: 2 })
    expect(ids([...allMessages(messages)]).sort()).toEqual(['a1', 'a2', 'a2b', 'u1', 'u2', 'u2-edited'].sort())
  })

  it('a version that does not exist changes nothing', () => {
    const messages = [user('u1'), reply('a1')]
    expect(switchVersion(messages, 1, 1)).toBe(false)
    startVersion(messages, 1, reply('a1b'))
    expect(switchVersion(messages, 1, 2)).toBe(false)
    expect(switchVersion(messages, 1, -1)).toBe(false)
    expect(switchVersion(messages, 5, 0)).toBe(false)
    expect(ids(messages)).toEqual(['u1', 'a1b'])
  })

  it('versions are saved and read back as they were', () => {
    const state = defaultChatState()
    const messages = [user('u1'), reply('a1')]
    startVersion(messages, 1, reply('a1b'))
    state.sessions[0]!.messages = messages
    const repairs: string[] = []
    const read = readChatState(JSON.parse(JSON.stringify(state)), repairs)
    expect(repairs).toEqual([])
    expect(read?.sessions[0]?.messages).toEqual(messages)
  })

  it('corrupted versions: each unreadable part is dropped with a note; the message, the other versions and the chat stay', () => {
    const state = defaultChatState()
    const session = state.sessions[0]!
    session.title = 'Trip'
    const saved = JSON.parse(JSON.stringify(state)) as { sessions: Record<string, unknown>[] }
    saved.sessions[0]!.messages = [
      user('u1'),
      { ...reply('a1'), versions: { others: [[reply('old')], 'not a list', [], [{ role: 'robot' }]], shown: 9 } },
      { ...user('u2'), versions: 'garbage' },
      { ...reply('a2'), versions: { others: 3 } },
    ]
    const repairs: string[] = []
    const read = readChatState(saved, repairs)!
    const messages = read.sessions[0]!.messages
    expect(ids(messages)).toEqual(['u1', 'a1', 'u2', 'a2'])
    expect(messages[1]!.versions).toEqual({ others: [[reply('old')]], shown: 1 })
    expect(messages[2]!.versions).toBeUndefined()
    expect(messages[3]!.versions).toBeUndefined()
    expect(repairs).toEqual([
      'chat "Trip", message #2: version 2 could not be read and was removed',
      'chat "Trip", message #2: version 3 could not be read and was removed',
      'chat "Trip", message #2, version 4: message #1 could not be read and was removed',
      'chat "Trip", message #2: version 4 could not be read and was removed',
      'chat "Trip", message #2: which version was shown could not be read; the last one is shown',
      'chat "Trip", message #3: its other versions could not be read and were removed',
      'chat "Trip", message #4: its other versions could not be read and were removed',
    ])
    expect(read.profiles).toEqual(state.profiles)
  })

  it('versions nested deeper than any conversation makes are dropped with a note, without a stack overflow', () => {
    let nested: StoredMessage = reply('deepest')
    for (let depth = 0; depth < MAX_VERSION_DEPTH + 5; depth++)
      nested = { ...reply(`a${depth}`), versions: { others: [[nested]], shown: 1 } }
    const saved = JSON.parse(JSON.stringify(defaultChatState())) as { sessions: Record<string, unknown>[] }
    saved.sessions[0]!.messages = [user('u1'), nested]
    const repairs: string[] = []
    const read = readChatState(saved, repairs)!
    expect(ids(read.sessions[0]!.messages)).toEqual(['u1', `a${MAX_VERSION_DEPTH + 4}`])
    expect(repairs).toHaveLength(1)
    expect(repairs[0]).toMatch(/its other versions are nested too deeply and were removed$/)
  })
})
