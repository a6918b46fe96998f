/**
 * Targets of a live run from the chat's saved endpoints: the endpoint's settings (key, limits)
 * with the model chosen for the run, and the name each target goes by in reports.
 */
import type { EndpointSettings } from '../../core'
import type { LiveTarget } from '../../core/eval'
import type { EvalRunTarget } from '../../persistence/eval-runs'
import type { EndpointProfile } from '../../saved-chats/model'
import { megabytes } from '../chat/run-start'
import type { TargetChoice } from './run-settings'
import { rawTemplateIdOf } from './raw-templates'

/** The endpoints a run can ask: every saved endpoint but the manual one (a person writes its replies). */
export function askableProfiles(profiles: readonly EndpointProfile[]): EndpointProfile[] {
  return profiles.filter((p) => p.kind === 'openai')
}

/** The endpoint's client settings, asking `model`. */
export function endpointSettingsOf(profile: EndpointProfile, model: string): EndpointSettings {
  return {
    baseUrl: profile.baseUrl,
    apiKey: profile.apiKey || undefined,
    model,
    temperature: profile.temperature ?? undefined,
    maxTokens: profile.maxTokens ?? undefined,
    idleTimeoutMs: profile.idleTimeoutSeconds == null ? undefined : profile.idleTimeoutSeconds * 1000,
    maxAnswerBytes: megabytes(profile.maxAnswerMB),
    maxLineBytes: megabytes(profile.maxLineMB),
  }
}

/**
 * The labels of the chosen targets: the model's name, with the endpoint's name added where two
 * targets ask models of the same name.
 */
export function targetLabels(choices: readonly TargetChoice[], profiles: readonly EndpointProfile[]): string[] {
  const models = choices.map((c) => c.model.trim())
  const counts = new Map<string, number>()
  for (const model of models) counts.set(model, (counts.get(model) ?? 0) + 1)
  return choices.map((c, n) => {
    const model = models[n] as string
    if ((counts.get(model) ?? 0) < 2) return model
    const profile = profiles.find((p) => p.id === c.profileId)
    return `${model} (${profile?.name ?? c.profileId})`
  })
}

/** Live targets, or which kept targets no longer have their endpoint (or name no model). */
export type ResolvedTargets = { ok: true; targets: LiveTarget[] } | { ok: false; missing: string[] }

/** The live targets of kept targets, reached through the chat's endpoints as they are now. */
export function resolveTargets(kept: readonly EvalRunTarget[], profiles: readonly EndpointProfile[]): ResolvedTargets {
  const targets: LiveTarget[] = []
  const missing: string[] = []
  for (const target of kept) {
    const profile = askableProfiles(profiles).find((p) => p.id === target.profileId)
    if (!profile || target.model.trim() === '') missing.push(target.label || target.profileId)
    else targets.push({ label: target.label, endpoint: endpointSettingsOf(profile, target.model.trim()) })
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, targets }
}

/** The kept form of chosen targets, labelled; with `raw`, each with its chat template and format chosen. */
export function runTargetsOf(
  choices: readonly TargetChoice[],
  profiles: readonly EndpointProfile[],
  raw = false,
): EvalRunTarget[] {
  const labels = targetLabels(choices, profiles)
  return choices.map((c, n) => {
    const template = raw ? rawTemplateIdOf(c, profiles) : undefined
    return {
      label: labels[n] as string,
      profileId: c.profileId,
      model: c.model.trim(),
      ...(template ? { template } : {}),
      ...(raw && c.format ? { format: c.format } : {}),
    }
  })
}
