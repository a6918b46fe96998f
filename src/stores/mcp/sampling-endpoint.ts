/** Which saved chat endpoint answers a sampling request, and its settings for the request. */
import type { EndpointSettings } from '../../core'
import { megabytes } from '../chat/run-start'
import type { EndpointProfile } from '../../saved-chats/model'

/**
 * The endpoint offered first: the chat's current one when it can be asked (a URL and a model, or
 * the manual one, where the person writes the reply), else the first saved endpoint that can.
 */
export function defaultSamplingProfile(
  profiles: readonly EndpointProfile[],
  active: EndpointProfile | undefined,
): EndpointProfile | undefined {
  const usable = (profile: EndpointProfile) => profile.kind === 'manual' || (profile.baseUrl && profile.model)
  if (active && usable(active)) return active
  return profiles.find((profile) => profile.kind === 'openai' && usable(profile)) ?? profiles[0]
}

/** The endpoint's settings (its key, temperature, token and size limits) with `model` as the model. */
export function samplingEndpointSettings(profile: EndpointProfile, model: string): EndpointSettings {
  return {
    baseUrl: profile.baseUrl,
    model,
    ...(profile.apiKey ? { apiKey: profile.apiKey } : {}),
    ...(profile.temperature != null ? { temperature: profile.temperature } : {}),
    ...(profile.maxTokens != null ? { maxTokens: profile.maxTokens } : {}),
    ...(profile.idleTimeoutSeconds != null ? { idleTimeoutMs: profile.idleTimeoutSeconds * 1000 } : {}),
    maxAnswerBytes: megabytes(profile.maxAnswerMB),
    maxLineBytes: megabytes(profile.maxLineMB),
  }
}
