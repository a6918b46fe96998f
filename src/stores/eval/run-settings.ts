/**
 * What the lab's forms keep across reloads: the targets chosen (an endpoint of the chat and a
 * model), the protocols, repeats and concurrency of a live run, and how an offline file is read.
 */
import type { Ref } from 'vue'
import { LIVE_PROTOCOLS, type EvalProtocol } from '../../core/eval'
import { isRecord, persistedRef } from '../../persistence/persisted'

/** A target as chosen: the chat endpoint's id and the model to ask there. */
export interface TargetChoice {
  profileId: string
  model: string
  /** The raw protocol's chat template, a vendored template's id; absent: the endpoint's own. */
  template?: string
  /** The format raw replies are read in; absent: the one inferred from the template. */
  format?: string
}

/** Everything the lab saves in localStorage (runs themselves are in IndexedDB). */
export interface EvalSettings {
  targets: TargetChoice[]
  protocols: EvalProtocol[]
  /** How often each case is asked per target and protocol. */
  repeat: number
  /** Requests in flight at once. */
  concurrency: number
  /** How an offline result file is read: `auto` or a protocol or format id. */
  offlineProtocol: string
}

/** The most repeats the form allows. */
export const MAX_REPEAT = 20
/** The most requests in flight the form allows. */
export const MAX_CONCURRENCY = 16

/** A first visit: no target, VCP and native, one repeat, four at a time, auto. */
export function defaultEvalSettings(): EvalSettings {
  return { targets: [], protocols: ['vcp', 'native'], repeat: 1, concurrency: 4, offlineProtocol: 'auto' }
}

/**
 * Saved settings, repaired item by item: targets of the wrong shape and unknown protocols are
 * dropped, numbers out of range brought back in, each said in `repairs`. Null when not an object.
 */
export function checkEvalSettings(data: unknown, repairs: string[]): EvalSettings | null {
  if (!isRecord(data)) return null
  const defaults = defaultEvalSettings()
  const targets = Array.isArray(data.targets) ? data.targets : []
  const kept = targets.filter(
    (t): t is TargetChoice => isRecord(t) && typeof t.profileId === 'string' && typeof t.model === 'string',
  )
  if (kept.length < targets.length) repairs.push(`${targets.length - kept.length} target(s) of the wrong shape dropped`)
  const protocols = Array.isArray(data.protocols) ? data.protocols : defaults.protocols
  const known = protocols.filter((p): p is EvalProtocol => LIVE_PROTOCOLS.includes(p as EvalProtocol))
  if (known.length < protocols.length) repairs.push(`unknown protocols dropped`)
  return {
    targets: kept.map((target) => checkRawChoice(target, repairs)),
    protocols: known,
    repeat: inRange(data.repeat, 1, MAX_REPEAT, defaults.repeat, 'repeat', repairs),
    concurrency: inRange(data.concurrency, 1, MAX_CONCURRENCY, defaults.concurrency, 'concurrency', repairs),
    offlineProtocol: typeof data.offlineProtocol === 'string' ? data.offlineProtocol : defaults.offlineProtocol,
  }
}

/** A kept target with its raw template choice; a template or format that is not a text is dropped, and said. */
function checkRawChoice(target: TargetChoice, repairs: string[]): TargetChoice {
  const { profileId, model, template, format } = target
  const checked: TargetChoice = { profileId, model }
  for (const [field, value] of [
    ['template', template],
    ['format', format],
  ] as const) {
    if (typeof value === 'string' && value !== '') checked[field] = value
    else if (value !== undefined) repairs.push(`the raw ${field} chosen for ${model} was not a name: dropped`)
  }
  return checked
}

function inRange(value: unknown, min: number, max: number, fallback: number, name: string, repairs: string[]): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    repairs.push(`${name} was not a whole number: ${fallback} used`)
    return fallback
  }
  const clamped = Math.min(max, Math.max(min, value))
  if (clamped !== value) repairs.push(`${name} ${value} brought to ${clamped}`)
  return clamped
}

/** The lab's settings, restored from and saved to localStorage (`eval`, version 1). */
export function useEvalSettings(): Ref<EvalSettings> {
  return persistedRef<EvalSettings>('eval', 1, defaultEvalSettings, checkEvalSettings)
}
