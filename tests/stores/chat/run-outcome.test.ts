import { describe, expect, it } from 'vitest'
import type { ChatRunResult, ToolExecutionResult } from '../../../src/core'
import { saveRunError, saveRunOutcome, withoutImages } from '../../../src/stores/chat/run-outcome'
import { directRequest } from '../../../src/core'
import type { StoredMessage } from '../../../src/saved-chats/model'

const reply = (): StoredMessage => ({ id: 'm1', role: 'assistant', content: '', createdAt: 0 })
const withImage = {
  requestId: 'req-1',
  toolName: 'shot',
  status: 'success',
  result: 'a picture',
  images: [{ mimeType: 'image/png', data: 'AAAA' }],
} as unknown as ToolExecutionResult

describe('a finished run in its saved reply', () => {
  it('keeps the record, wire and answer, without images, and the requests left waiting', () => {
    const message = reply()
    const waiting = directRequest('calc_evaluate', { expression: '1+1' }, 'req-2')
    const result = {
      record: { status: 'completed', rounds: [{ requests: [], results: [withImage] }] },
      messages: [{ role: 'assistant', content: 'done' }],
      content: 'done',
      awaiting: [waiting],
    } as unknown as ChatRunResult
    saveRunOutcome(message, result)
    expect(message).toMatchObject({ content: 'done', status: 'completed', wire: result.messages })
    expect(message.error).toBeUndefined()
    expect(message.run?.rounds[0]?.results[0]).toEqual({ ...withImage, images: undefined })
    expect('images' in message.run!.rounds[0]!.results[0]!).toBe(false)
    // The live result keeps its images.
    expect(withImage.images).toHaveLength(1)
    expect(message.semi).toEqual({ requests: [waiting], results: {}, continued: false })
  })

  it('an error ends the reply as an error with its message', () => {
    const message = reply()
    saveRunError(message, new Error('endpoint refused'))
    expect(message).toMatchObject({ status: 'error', error: 'endpoint refused' })
    saveRunError(message, 'plain')
    expect(message.error).toBe('plain')
  })

  it('a result without images is the same object', () => {
    const plain = { ...withImage, images: undefined } as ToolExecutionResult
    delete plain.images
    expect(withoutImages(plain)).toBe(plain)
  })
})
