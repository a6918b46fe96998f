/** How the Eval pane writes calls, shares and durations in its lists. */
import type { DecodedCall, EvalCase, ExpectedCall, Tally } from '../../core/eval'

/** A value as it reads in a call: text quoted, everything else as JSON. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
}

/**
 * An expected call on one line: `name(arg=a|b, other=c)`; a value that may be left out (`""`
 * among the accepted ones) is marked `?`.
 */
export function expectedCallText(call: ExpectedCall): string {
  const [name, args] = Object.entries(call)[0] ?? ['', {}]
  const parts = Object.entries(args).map(([arg, accepted]) => {
    const optional = accepted.includes('')
    const values = accepted.filter((v) => v !== '').map(valueText)
    return `${arg}${optional ? '?' : ''}=${values.join('|')}`
  })
  return `${name}(${parts.join(', ')})`
}

/** A decoded call on one line: `name(arg=value, ...)`. */
export function decodedCallText(call: DecodedCall): string {
  const [name, args] = Object.entries(call)[0] ?? ['', {}]
  return `${name}(${Object.entries(args)
    .map(([arg, value]) => `${arg}=${valueText(value)}`)
    .join(', ')})`
}

/** The user's question of a case: its last user message. */
export function questionOf(testCase: EvalCase): string {
  return testCase.messages.findLast((m) => m.role === 'user')?.content ?? ''
}

/** A share as a percentage with one decimal (`66.7%`); `–` when there is nothing to share. */
export function percent(tally: Tally): string {
  return tally.total === 0 ? '–' : `${((tally.passed / tally.total) * 100).toFixed(1)}%`
}

/** A duration in ms as it reads best: `850 ms`, `12.3 s`, `4 min 05 s`. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
}
