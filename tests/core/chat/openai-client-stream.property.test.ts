/**
 * Property: whatever stream a server sends (built from the SSE grammar's pieces, cut anywhere,
 * read in any pieces), the chat client ends with an answer or a ChatRequestError, keeps a prefix of
 * what was sent, and holds the line and answer limits.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chatStreamCaseArb, streamBytes } from '../../fuzz/chat-stream'
import { checkChatStream, FUZZ_ANSWER_LIMIT, FUZZ_LINE_LIMIT } from '../../fuzz/chat-oracle'
import { type ChatRequestError, createOpenAIClient } from '../../../src/core'

describe('the chat client on any stream', () => {
  it('ends, throws only ChatRequestError, keeps a prefix of the answer and holds the line limit', async () => {
    await fc.assert(
      fc.asyncProperty(chatStreamCaseArb, async (input) => {
        expect(await checkChatStream(input)).toBeNull()
      }),
      { numRuns: 300, seed: 22 },
    )
  }, 120_000)

  it('never keeps more of an answer than the answer limit, wherever the reads are split', async () => {
    await fc.assert(
      fc.asyncProperty(chatStreamCaseArb, async (input) => {
        expect(
          await checkChatStream(input, { maxLineBytes: FUZZ_LINE_LIMIT, maxAnswerBytes: FUZZ_ANSWER_LIMIT }),
        ).toBeNull()
      }),
      { numRuns: 300, seed: 22 },
    )
  }, 120_000)

  it('a huge line inside one read is stopped by the line limit (only a line still open at the end of a read was measured)', async () => {
    // The case the property found: the whole stream in one read, the huge line in its middle.
    const input = {
      events: [
        { kind: 'content' as const, text: 'Hello' },
        { kind: 'content' as const, text: 'Hello' },
        { kind: 'content' as const, text: '{' },
      ],
      lineEnd: '\n',
      keep: 1,
      splits: [],
      hugeLine: true,
    }
    expect(await checkChatStream(input)).toBeNull()
    const client = createOpenAIClient(
      { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', maxLineBytes: FUZZ_LINE_LIMIT },
      async () =>
        new Response(new Blob(streamBytes(input, FUZZ_LINE_LIMIT * 4) as BlobPart[]).stream(), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    )
    const failure = await client.complete({ messages: [] }).then(
      () => null,
      (error: unknown) => error as ChatRequestError,
    )
    expect(failure?.kind).toBe('too-large')
  })
})
