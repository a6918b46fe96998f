/** A flood of notifications costs the page a bounded list: the newest progress per token, the newest LOG_SIZE in all, both counted. */
import { describe, expect, it } from 'vitest'
import { LOG_SIZE, noteNotification, type SourceState } from '../../../src/core/mcp/source-state'

function freshState(): SourceState {
  return { notifications: [], notificationsLeftOut: { older: 0, progress: 0 } } as unknown as SourceState
}

describe('noteNotification under a flood', () => {
  it('10,000 progress updates of two tokens keep the newest of each, in order, and count the rest', () => {
    const state = freshState()
    for (let n = 0; n < 10_000; n++)
      noteNotification(state, 'notifications/progress', { progressToken: n % 2 ? 'b' : 7, progress: n })
    expect(state.notifications.map((note) => note.params)).toEqual([
      { progressToken: 7, progress: 9998 },
      { progressToken: 'b', progress: 9999 },
    ])
    expect(state.notificationsLeftOut).toEqual({ older: 0, progress: 9998 })
  })

  it('logs are kept up to LOG_SIZE, newest last, and the dropped ones counted; progress without a token is a log of its own', () => {
    const state = freshState()
    for (let n = 0; n < 10_000; n++) noteNotification(state, 'notifications/message', { level: 'info', data: n })
    noteNotification(state, 'notifications/progress', { progress: 1 })
    noteNotification(state, 'notifications/progress', { progress: 2 })
    expect(state.notifications).toHaveLength(LOG_SIZE)
    expect(state.notifications.at(-3)?.params).toEqual({ level: 'info', data: 9999 })
    expect(state.notifications.at(-1)?.params).toEqual({ progress: 2 })
    expect(state.notificationsLeftOut).toEqual({ older: 10_002 - LOG_SIZE, progress: 0 })
  })

  it('the token "7" and the token 7 are two tokens', () => {
    const state = freshState()
    noteNotification(state, 'notifications/progress', { progressToken: 7, progress: 1 })
    noteNotification(state, 'notifications/progress', { progressToken: '7', progress: 2 })
    expect(state.notifications).toHaveLength(2)
  })
})
