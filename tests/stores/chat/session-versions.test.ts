// @vitest-environment happy-dom
/**
 * Retry, regenerate, edit and resend, and switching versions in the chat store, with the manual
 * model and with an endpoint (a stubbed fetch): what is sent, what is kept, what a reload reads
 * back, and each round's raw exchange.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useChatStore } from '../../../src/stores/chat'
import { versionPlace } from '../../../src/saved-chats/branches'
import { freshPinia, useFreshApp } from '../../helpers-ui'

type Chat = ReturnType<typeof useChatStore>

async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 20_000, interval: 5 })
}

/** Answers the manual model's next request with `text`; returns the request's messages. */
async function answer(chat: Chat, text: string) {
  await until(() => Boolean(chat.live?.run.manualRequest))
  const messages = chat.live!.run.manualRequest!.messages
  chat.submitManualReply(text)
  await until(() => !chat.running)
  return messages
}

const texts = (chat: Chat) => chat.activeSession.messages.map((m) => m.content)

describe('chat versions', () => {
  useFreshApp()
  afterEach(() => vi.unstubAllGlobals())

  it('regenerate makes the reply again from the same history; the old reply stays a version to switch back to', async () => {
    const chat = useChatStore()
    chat.send('Name a colour')
    await answer(chat, 'Red.')
    const first = chat.activeSession.messages[1]!
    expect(chat.regenerate(first.id)).toBe(true)
    const sent = await answer(chat, 'Blue.')
    // The old reply is not part of what the model is asked.
    expect(sent.slice(1)).toEqual([{ role: 'user', content: 'Name a colour' }])
    expect(texts(chat)).toEqual(['Name a colour', 'Blue.'])
    const shown = chat.activeSession.messages[1]!
    expect(versionPlace(shown)).toEqual({ shown: 1, count: 2 })
    expect(chat.showVersion(shown.id, 0)).toBe(true)
    expect(texts(chat)).toEqual(['Name a colour', 'Red.'])
    expect(versionPlace(chat.activeSession.messages[1]!)).toEqual({ shown: 0, count: 2 })
  })

  it('edit and resend: the later turns stay a branch, and the branch is there again after a reload', async () => {
    const chat = useChatStore()
    chat.send('One')
    await answer(chat, 'Reply one')
    chat.send('Two')
    await answer(chat, 'Reply two')
    const two = chat.activeSession.messages[2]!
    expect(chat.editAndResend(two.id, '  Two, edited ')).toBe(true)
    // The edited message shows at once; the run starts just after.
    expect(texts(chat)).toEqual(['One', 'Reply one', 'Two, edited'])
    const sent = await answer(chat, 'Reply to the edit')
    expect(sent.slice(1).map((m) => m.content)).toEqual(['One', 'Reply one', 'Two, edited'])
    expect(texts(chat)).toEqual(['One', 'Reply one', 'Two, edited', 'Reply to the edit'])

    freshPinia()
    const reloaded = useChatStore()
    expect(texts(reloaded)).toEqual(['One', 'Reply one', 'Two, edited', 'Reply to the edit'])
    const edited = reloaded.activeSession.messages[2]!
    expect(versionPlace(edited)).toEqual({ shown: 1, count: 2 })
    expect(reloaded.showVersion(edited.id, 0)).toBe(true)
    expect(texts(reloaded)).toEqual(['One', 'Reply one', 'Two', 'Reply two'])
    // The conversation goes on from the branch shown.
    reloaded.send('Three')
    const next = await answer(reloaded, 'Reply three')
    expect(next.slice(1).map((m) => m.content)).toEqual(['One', 'Reply one', 'Two', 'Reply two', 'Three'])
  })

  it('nothing changes while a run is going on, nor for the wrong kind of message', async () => {
    const chat = useChatStore()
    chat.send('Hello')
    await answer(chat, 'Hi.')
    const [user, reply] = chat.activeSession.messages
    chat.send('Again')
    await until(() => Boolean(chat.live?.run.manualRequest))
    expect(chat.regenerate(reply!.id)).toBe(false)
    expect(chat.editAndResend(user!.id, 'Changed')).toBe(false)
    chat.stop()
    await until(() => !chat.running)
    expect(chat.regenerate(user!.id)).toBe(false)
    expect(chat.editAndResend(reply!.id, 'Changed')).toBe(false)
    expect(chat.editAndResend(user!.id, '   ')).toBe(false)
    expect(chat.showVersion(user!.id, 1)).toBe(false)
    expect(chat.regenerate('no-such-message')).toBe(false)
  })

  it('a failed round is retried; the raw exchange of each round has the events and never the key', async () => {
    const key = 'sk-store-test-0123456789'
    let calls = 0
    vi.stubGlobal('fetch', () => {
      if (calls++ === 0)
        return Promise.resolve(new Response('{"error":{"message":"The model crashed."}}', { status: 500 }))
      const body = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Fine now.' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }))
    })
    const chat = useChatStore()
    const profile = chat.addProfile()
    Object.assign(profile, { baseUrl: 'http://127.0.0.1:9/v1', apiKey: key, model: 'm' })
    chat.activeSession.profileId = profile.id
    chat.send('Hello')
    await until(() => chat.activeSession.messages[1]?.status === 'error')
    const failed = chat.activeSession.messages[1]!
    expect(chat.rawExchangeOf(failed.id, 0)?.response?.status).toBe(500)
    expect(chat.regenerate(failed.id)).toBe(true)
    await until(() => chat.activeSession.messages[1]?.status === 'completed')
    const retried = chat.activeSession.messages[1]!
    expect(retried.content).toBe('Fine now.')
    expect(versionPlace(retried)).toEqual({ shown: 1, count: 2 })
    const exchange = chat.rawExchangeOf(retried.id, 0)!
    expect(exchange.events.at(-1)).toBe('data: [DONE]')
    expect(exchange.request.headers.Authorization).toBe('Bearer [redacted]')
    expect(JSON.stringify(exchange)).not.toContain(key)
    expect(chat.rawExchangeOf(retried.id, 1)).toBeUndefined()
  })
})
