/**
 * What the agreement tests share: the conversations of fixtures/templates/conversations.json, read
 * as Python's json.loads reads them (so `1.0` stays a float and keys keep their order, as in the
 * reference renders), and the check of one render against its reference.
 */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { parseJsonAsPython, renderChatTemplate, type RenderResult } from '../../../src/core/templates'

export interface Conversation {
  name: string
  messages: unknown[]
  tools?: unknown[]
  addGenerationPrompt: boolean
  variables?: Record<string, unknown>
}
export type Outcome = { text: string } | { raised: { type: string; message: string } }
export interface Reference {
  template: string
  sha256: string
  special_tokens?: Record<string, string>
  variables?: Record<string, unknown>
  cases: Record<string, Outcome>
}

export const FIXTURES = new URL('../../fixtures/templates/', import.meta.url)
export const readFixture = (path: string): string => readFileSync(new URL(path, FIXTURES), 'utf8')

type PyObject = Map<string, unknown>
const record = (value: unknown): Record<string, unknown> => Object.fromEntries(value as PyObject)

function loadSpec(): { now: Date; specialTokens: Record<string, string>; conversations: Conversation[] } {
  const spec = parseJsonAsPython(readFixture('conversations.json')) as PyObject
  const [year, month, day, hour, minute, second] = (spec.get('now') as string).split(/[-T:]/).map(Number) as number[]
  const conversations = (spec.get('conversations') as PyObject[]).map((item) => ({
    name: item.get('name') as string,
    messages: item.get('messages') as unknown[],
    tools: item.get('tools') as unknown[] | undefined,
    addGenerationPrompt: item.get('add_generation_prompt') === true,
    variables: item.has('variables') ? record(item.get('variables')) : undefined,
  }))
  return {
    // strftime_now reads this local time, as the Python script's datetime does.
    now: new Date(year as number, (month as number) - 1, day, hour, minute, second),
    specialTokens: record(spec.get('special_tokens')) as Record<string, string>,
    conversations,
  }
}

export const SPEC = loadSpec()

/** Ours for one template and conversation, with the given special tokens and the template's own variables. */
export function renderConversation(
  source: string,
  conversation: Conversation,
  specialTokens: Record<string, string>,
  templateVariables: Record<string, unknown> = {},
): RenderResult {
  return renderChatTemplate(source, {
    messages: conversation.messages,
    tools: conversation.tools,
    addGenerationPrompt: conversation.addGenerationPrompt,
    specialTokens,
    variables: { ...templateVariables, ...conversation.variables },
    now: SPEC.now,
  })
}

/** The same text byte for byte, or both raise (the same exception, and the same message for raise_exception). */
export function expectAgreement(result: RenderResult, expected: Outcome): void {
  if ('text' in expected) {
    expect(result).toEqual({ ok: true, text: expected.text })
    return
  }
  expect(result.ok, `transformers raised ${expected.raised.type}: ${expected.raised.message}`).toBe(false)
  if (result.ok) return
  expect(result.error.exception).toBe(expected.raised.type)
  if (expected.raised.type === 'TemplateError') {
    expect(result.error.kind).toBe('raised')
    expect(result.error.message).toBe(expected.raised.message)
  }
}
