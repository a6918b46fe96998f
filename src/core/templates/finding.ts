/** A template finding: what it is, how bad, and the render that shows it. */
import type { ProbeRenderer } from './probe-render'
import type { ArgumentsAs } from './probe'

/** Every finding id; fixed, since the template lab and the CLI print them. */
export const FINDING_IDS = [
  'tools-not-rendered',
  'string-arguments',
  'system-dropped',
  'system-moved',
  'parallel-flattened',
  'calls-not-rendered',
  'tool-result-unattributed',
  'reasoning-kept',
  'reasoning-dropped',
  'no-generation-prompt',
  'render-failed',
] as const

export type FindingId = (typeof FINDING_IDS)[number]

export type FindingSeverity = 'error' | 'warning' | 'info'

/** A range of `evidence.rendered`, end exclusive. */
export interface Highlight {
  start: number
  end: number
}

export interface Finding {
  id: FindingId
  severity: FindingSeverity
  message: string
  evidence: {
    /** The render that shows it ('' when the template failed to render). */
    rendered: string
    /** Where in `rendered` to look. */
    highlight?: Highlight[]
  }
}

/** A finding shown by `rendered`, with the ranges of `rendered` to look at. */
export function finding(
  id: FindingId,
  severity: FindingSeverity,
  message: string,
  rendered: string,
  highlight: readonly Highlight[] = [],
): Finding {
  return {
    id,
    severity,
    message,
    evidence: { rendered, ...(highlight.length > 0 ? { highlight: [...highlight] } : {}) },
  }
}

/** Every place of `needle` in `text`. */
export function occurrences(text: string, needle: string): Highlight[] {
  const found: Highlight[] = []
  if (needle === '') return found
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found.push({ start: at, end: at + needle.length })
  }
  return found
}

/** What the checks share: the template's renders, the format its calls are read with, the arguments' shape it takes. */
export interface CheckContext {
  renderer: ProbeRenderer
  format: string | null
  argumentsAs: ArgumentsAs
}
