/**
 * What auto-detection says it found, said by message id: the `protocol-detected` message (each
 * format with its number of requests and, for a native format, why it was chosen; then the formats
 * named but with no call), and the reason of a format found by its calls alone.
 */
import type { MessageRef } from '../messages/types'
import { englishMessages } from '../messages/english'
import { renderMessage } from '../messages/render'
import { ref, say, type SaidMessage } from '../messages/say'
import type { DetectedFormat } from './native/detect'

const NOTHING = ref('common.empty')

/** Messages joined into one by `joiner` (nested pairs: a list of any length, in any language). */
export function joinedRefs(
  items: readonly MessageRef[],
  joiner: 'auto.list-comma' | 'auto.list-semicolon',
): MessageRef {
  let out = items[items.length - 1] ?? NOTHING
  for (let i = items.length - 2; i >= 0; i--) out = ref(joiner, { first: items[i] as MessageRef, rest: out })
  return out
}

/** The reason of a format found only by its calls: where its first call is. */
export function callAtLine(line: number): { reason: string; reasonRef: MessageRef } {
  const reasonRef = ref('auto.reason.call-at-line', { line })
  return { reason: renderMessage(reasonRef, englishMessages), reasonRef }
}

/** A format's reason as a message; one without an id is shown as written. */
function reasonOf(format: DetectedFormat): MessageRef {
  return format.reasonRef ?? ref('auto.reason.as-written', { reason: format.reason })
}

/**
 * The `protocol-detected` message: `found` with their request counts (a native format, one of
 * `detected`, also says why), or that nothing was found among `protocols`; then each of `silent`
 * (named, but no call) with its reason.
 */
export function detectedMessage(
  found: readonly DetectedFormat[],
  counts: ReadonlyMap<string, { n: number }>,
  detected: readonly DetectedFormat[],
  silent: readonly DetectedFormat[],
  protocols: readonly string[],
): SaidMessage {
  const summary = found.map((f) => {
    const n = counts.get(f.id)?.n ?? 0
    const why = detected.some((d) => d.id === f.id) ? ref('auto.why', { reason: reasonOf(f) }) : NOTHING
    return ref(n === 1 ? 'auto.format-one' : 'auto.format-many', { id: f.id, count: n, why })
  })
  const silentList =
    silent.length === 0
      ? NOTHING
      : ref('auto.silent', {
          formats: joinedRefs(
            silent.map((d) => ref('auto.silent-format', { label: d.label, reason: reasonOf(d) })),
            'auto.list-semicolon',
          ),
        })
  return summary.length > 0
    ? say('auto.detected', { formats: joinedRefs(summary, 'auto.list-comma'), silent: silentList })
    : say('auto.nothing-detected', { protocols: protocols.join(', '), silent: silentList })
}
