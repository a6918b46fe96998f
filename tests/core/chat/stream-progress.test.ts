/**
 * What keeps a streamed answer alive: the idle clock starts again only for what adds to the answer
 * (content, reasoning, tool-call text), never for usage counts, a changing finish reason or a
 * rewritten call id. Each event arrives as its own read, and the real idle watch counts restarts.
 */
import { describe, expect, it } from 'vitest'
import { idleWatch, type IdleWatch } from '../../../src/core/chat/idle-watch'
import { readStream } from '../../../src/core/chat/openai-stream'

const event = (body: unknown): string => `data: ${JSON.stringify(body)}\n\n`
const delta = (part: Record<string, unknown>, finish: string | null = null): string =>
  event({ choices: [{ index: 0, delta: part, finish_reason: finish }] })
const usage = (n: number): string =>
  event({ choices: [], usage: { prompt_tokens: 1, completion_tokens: n, total_tokens: n + 1 } })

/** Streams `events` one read each, and counts how often the idle clock was started again. */
async function restarts(events: string[]): Promise<{ count: number; content: string }> {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const text of events) controller.enqueue(encoder.encode(text))
      controller.close()
    },
  })
  const watch = idleWatch(0, undefined)
  let count = 0
  const counting: IdleWatch = { ...watch, touch: () => (count++, watch.touch()) }
  const reply = await readStream(body, 'http://127.0.0.1/', {}, counting, { answer: 1 << 20, line: 1 << 20 })
  watch.stop()
  return { count, content: reply.content }
}

describe('what restarts the idle clock', () => {
  it('usage counts, a finish reason that keeps changing and a call id rewritten do not', async () => {
    const flood = [
      delta({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '' } }] }),
      ...Array.from({ length: 20 }, (_, n) => usage(n)),
      ...Array.from({ length: 20 }, (_, n) => delta({}, n % 2 ? 'stop' : 'length')),
      ...Array.from({ length: 20 }, (_, n) => delta({ tool_calls: [{ index: 0, id: n % 2 ? 'c1' : 'c-longer' }] })),
      'data: [DONE]\n\n',
    ]
    // The first call delta and [DONE]: nothing in between added to the answer.
    expect((await restarts(flood)).count).toBe(2)
  })

  it('reasoning, content and tool-call text do, each time', async () => {
    const answer = [
      delta({ reasoning_content: 'Thinking' }),
      delta({ reasoning_content: ' more' }),
      delta({ reasoning: 'Still thinking' }),
      delta({ content: 'Done.' }),
      delta({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
      'data: [DONE]\n\n',
    ]
    const { count, content } = await restarts(answer)
    expect(count).toBe(7)
    expect(content).toBe('Done.')
  })
})
