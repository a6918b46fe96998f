/**
 * Field types on the wire, as the chat-completions API defines them. `type` and `arguments` are
 * left to their own checks (call-ids/type, arguments-json/string), so one fault fails one check.
 */
import { isRecord } from '../own-record'
import type { ReplyView } from './reply'

export interface TypeProblem {
  /** The streamed event it is in; undefined for a whole body. */
  chunk?: number
  problem: string
}

export function typeProblems(view: ReplyView): TypeProblem[] {
  const problems: TypeProblem[] = []
  if (view.exchange.mode === 'stream') {
    for (const chunk of view.chunks) {
      if (!isRecord(chunk.json)) continue
      const say = (problem: string): void =>
        void problems.push({ chunk: chunk.index, problem: `event ${chunk.index}: ${problem}` })
      readChunk(chunk.json, say)
    }
    return problems
  }
  let body: unknown
  try {
    body = JSON.parse(view.exchange.body ?? '')
  } catch {
    return problems
  }
  if (isRecord(body)) readWhole(body, (problem) => void problems.push({ problem }))
  return problems
}

type Say = (problem: string) => void

function readChunk(chunk: Record<string, unknown>, say: Say): void {
  optional(chunk, 'id', 'string', 'id', say)
  if (!Array.isArray(chunk.choices)) return
  for (const [at, choice] of chunk.choices.entries()) {
    if (!isRecord(choice)) {
      say(`choices[${at}] is ${kind(choice)}, not an object`)
      continue
    }
    if (!Number.isInteger(choice.index)) say(`choices[${at}].index is ${kind(choice.index)}, not an integer`)
    nullable(choice, 'finish_reason', `choices[${at}].finish_reason`, say)
    if (choice.delta === undefined) continue
    if (!isRecord(choice.delta)) {
      say(`choices[${at}].delta is ${kind(choice.delta)}, not an object`)
      continue
    }
    readMessage(choice.delta, `choices[${at}].delta`, true, say)
  }
}

function readWhole(body: Record<string, unknown>, say: Say): void {
  optional(body, 'id', 'string', 'id', say)
  if (!Array.isArray(body.choices)) return
  for (const [at, choice] of body.choices.entries()) {
    if (!isRecord(choice)) continue
    if (!Number.isInteger(choice.index)) say(`choices[${at}].index is ${kind(choice.index)}, not an integer`)
    nullable(choice, 'finish_reason', `choices[${at}].finish_reason`, say)
    if (isRecord(choice.message)) readMessage(choice.message, `choices[${at}].message`, false, say)
  }
}

/** A delta or a message: role, content, reasoning and the tool calls' index, id and name. */
function readMessage(message: Record<string, unknown>, path: string, streamed: boolean, say: Say): void {
  optional(message, 'role', 'string', `${path}.role`, say)
  nullable(message, 'content', `${path}.content`, say)
  nullable(message, 'reasoning_content', `${path}.reasoning_content`, say)
  nullable(message, 'reasoning', `${path}.reasoning`, say)
  const calls = message.tool_calls
  if (calls === undefined || calls === null) return
  if (!Array.isArray(calls)) {
    say(`${path}.tool_calls is ${kind(calls)}, not a list`)
    return
  }
  for (const [at, call] of calls.entries()) {
    const where = `${path}.tool_calls[${at}]`
    if (!isRecord(call)) {
      say(`${where} is ${kind(call)}, not an object`)
      continue
    }
    // A streamed call's deltas are matched by index, so each must carry one.
    if (streamed && !Number.isInteger(call.index)) say(`${where}.index is ${kind(call.index)}, not an integer`)
    optional(call, 'id', 'string', `${where}.id`, say)
    if (call.function === undefined) continue
    if (!isRecord(call.function)) {
      say(`${where}.function is ${kind(call.function)}, not an object`)
      continue
    }
    optional(call.function, 'name', 'string', `${where}.function.name`, say)
  }
}

/** When present (and not null), the field has the type. */
function optional(record: Record<string, unknown>, key: string, type: 'string', path: string, say: Say): void {
  const value = record[key]
  if (value !== undefined && value !== null && typeof value !== type) say(`${path} is ${kind(value)}, not a ${type}`)
}

/** The field is a string or null, when present. */
function nullable(record: Record<string, unknown>, key: string, path: string, say: Say): void {
  const value = record[key]
  if (value !== undefined && value !== null && typeof value !== 'string')
    say(`${path} is ${kind(value)}, not a string or null`)
}

function kind(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'number') return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`
  return `a ${typeof value} (${JSON.stringify(value).slice(0, 40)})`
}
