/**
 * What the Conformance tab's form keeps across reloads: the servers chosen (an endpoint of the chat
 * and a model), how often each probe is sent, how many requests go at once and how long one may take.
 */
import type { Ref } from 'vue'
import { isRecord, persistedRef } from '../../persistence/persisted'
import type { TargetChoice } from '../eval/run-settings'

export type { TargetChoice } from '../eval/run-settings'

export interface ConformanceSettings {
  targets: TargetChoice[]
  /** How often each probe is sent (a check that passes once and fails once is flaky). */
  repeat: number
  /** Requests in flight at once, per server. */
  concurrency: number
  /** The most a probe's request may take, in seconds. */
  timeoutSeconds: number
}

export const MAX_REPEAT = 10
export const MAX_CONCURRENCY = 16
export const MAX_TIMEOUT_SECONDS = 600

/** A first visit: no server, two repeats (so flaky checks show), four at a time, 60 s a probe. */
export function defaultConformanceSettings(): ConformanceSettings {
  return { targets: [], repeat: 2, concurrency: 4, timeoutSeconds: 60 }
}

/** Saved settings, repaired item by item (each said in `repairs`); null when not an object. */
export function checkConformanceSettings(data: unknown, repairs: string[]): ConformanceSettings | null {
  if (!isRecord(data)) return null
  const defaults = defaultConformanceSettings()
  const targets = Array.isArray(data.targets) ? data.targets : []
  const kept = targets.filter(
    (t): t is TargetChoice => isRecord(t) && typeof t.profileId === 'string' && typeof t.model === 'string',
  )
  if (kept.length < targets.length) repairs.push(`${targets.length - kept.length} server(s) of the wrong shape dropped`)
  const number = (key: 'repeat' | 'concurrency' | 'timeoutSeconds', max: number): number => {
    const value = data[key]
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      repairs.push(`${key} was not a whole number: ${defaults[key]} used`)
      return defaults[key]
    }
    const clamped = Math.min(max, Math.max(1, value))
    if (clamped !== value) repairs.push(`${key} ${value} brought to ${clamped}`)
    return clamped
  }
  return {
    targets: kept.map(({ profileId, model }) => ({ profileId, model })),
    repeat: number('repeat', MAX_REPEAT),
    concurrency: number('concurrency', MAX_CONCURRENCY),
    timeoutSeconds: number('timeoutSeconds', MAX_TIMEOUT_SECONDS),
  }
}

/** The tab's settings, restored from and saved to localStorage (`conformance`, version 1). */
export function useConformanceSettings(): Ref<ConformanceSettings> {
  return persistedRef<ConformanceSettings>('conformance', 1, defaultConformanceSettings, checkConformanceSettings)
}
