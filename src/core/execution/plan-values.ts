/** The argument records a plan is made from: the request's own, as text, and fresh empty ones. */
import type { ParsedRequest } from '../types'
import type { Arguments } from './arguments'

/** Typed arguments (JSON paradigms) when the request has them, else the string fields. */
export function modelArguments(request: ParsedRequest): Record<string, unknown> {
  const typed = request.arguments
  if (typed !== null && typeof typed === 'object' && !Array.isArray(typed)) return typed as Record<string, unknown>
  return request.args
}

/** Every argument as text (a batch is split on text fields): strings as they are, the rest as JSON. */
export function textArguments(raw: Record<string, unknown>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>
  for (const key of Object.keys(raw)) out[key] = textOf(raw[key])
  return out
}

/** A value as the text a check reports it with: a string as it is, anything else as JSON. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A copy of `raw` without one key. */
export function without(raw: Record<string, unknown>, omitted: string): Record<string, unknown> {
  const out = emptyArgs()
  for (const key of Object.keys(raw)) if (key !== omitted) out[key] = raw[key]
  return out
}

/** An argument record with no prototype, so a model's `__proto__` or `constructor` is just a key. */
export function emptyArgs(): Arguments {
  return Object.create(null) as Arguments
}
