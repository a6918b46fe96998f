/** Checks shared by the per-area tests that the core says its findings by message id. */
import { expect } from 'vitest'
import fc from 'fast-check'
import { chineseMessages, englishMessages, parseToolRequests, renderMessage, type MessageRef } from '../../../src/core'
import type { Diagnostic } from '../../../src/core/types'
import { nativeCaseArbFor } from '../../fuzz/native-replies'

const PLACEHOLDER = /\{[A-Za-z][A-Za-z0-9]*\}/

/** Every diagnostic carries an id that renders back to its English message, and to Chinese with no placeholder left. */
export function expectSaidById(diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) {
    expect(d.messageId, `${d.code}: ${d.message}`).toBeTypeOf('string')
    const ref: MessageRef = { id: d.messageId as string, params: d.params }
    expect(renderMessage(ref, englishMessages), d.code).toBe(d.message)
    const zh = renderMessage(ref, chineseMessages)
    expect(zh, `${d.code}: ${zh}`).not.toMatch(PLACEHOLDER)
  }
}

/** Every message id in `value`, nested ones included. */
export function collectIds(value: unknown, into: Set<string>): void {
  if (value === null || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  if (typeof record.id === 'string') into.add(record.id)
  for (const inner of Object.values(record)) collectIds(inner, into)
}

/** Generated replies of format `id`, read by id and through auto with the format's first model as the hint. */
export function expectFormatSaidById(id: string, model: string | undefined): void {
  fc.assert(
    fc.property(nativeCaseArbFor(id), (c) => {
      expectSaidById(parseToolRequests(c.text, id, { tools: c.tools as never }).diagnostics)
      const auto = parseToolRequests(c.text, 'auto', { tools: c.tools as never, model })
      expectSaidById(auto.diagnostics.filter((d) => d.code !== 'protocol-detected'))
    }),
    { numRuns: 300 },
  )
}
