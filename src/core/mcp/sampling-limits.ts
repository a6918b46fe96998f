/**
 * The limits a sampling request may ask of the person's endpoint: a server names any `maxTokens`
 * and `temperature` it likes, the endpoint's own settings (or the defaults here) bound them, and
 * the dialog says when a request asked for more.
 */
import type { EndpointSettings } from '../chat/openai-client'
import type { McpSamplingRequest } from './client-features'

/** The most tokens a reply may take when the endpoint sets no limit of its own. */
export const DEFAULT_SAMPLING_MAX_TOKENS = 4096
/** The temperatures chat-completions endpoints take. */
export const SAMPLING_TEMPERATURE_RANGE = [0, 2] as const

/** What is asked of the endpoint, and what the request asked when that differs. */
export interface SamplingLimits {
  maxTokens: number
  askedMaxTokens: number
  /** The bound maxTokens was held to: the endpoint's limit, else DEFAULT_SAMPLING_MAX_TOKENS. */
  maxTokensLimit: number
  /** Whether maxTokensLimit is the endpoint's own. */
  endpointLimit: boolean
  /** The request's temperature within the range, else the endpoint's; undefined when neither gives one. */
  temperature?: number
  /** The request's own temperature, when it gave one. */
  askedTemperature?: number
}

/** The request's limits held to the endpoint's. */
export function samplingLimits(
  request: Pick<McpSamplingRequest, 'maxTokens' | 'temperature'>,
  endpoint: Pick<EndpointSettings, 'maxTokens' | 'temperature'>,
): SamplingLimits {
  const endpointLimit = endpoint.maxTokens !== undefined && endpoint.maxTokens >= 1
  const maxTokensLimit = endpointLimit ? Math.floor(endpoint.maxTokens as number) : DEFAULT_SAMPLING_MAX_TOKENS
  const asked = Number.isFinite(request.maxTokens) ? Math.floor(request.maxTokens) : maxTokensLimit
  const [low, high] = SAMPLING_TEMPERATURE_RANGE
  const asksTemperature = typeof request.temperature === 'number' && Number.isFinite(request.temperature)
  const temperature = asksTemperature
    ? Math.min(high, Math.max(low, request.temperature as number))
    : endpoint.temperature
  return {
    maxTokens: Math.min(maxTokensLimit, Math.max(1, asked)),
    askedMaxTokens: request.maxTokens,
    maxTokensLimit,
    endpointLimit,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(asksTemperature ? { askedTemperature: request.temperature } : {}),
  }
}
