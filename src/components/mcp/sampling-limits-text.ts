/** The limits line of the sampling dialog: what goes to the endpoint, and what the server asked when that was more. */
import { useI18n } from 'vue-i18n'
import type { EndpointSettings } from '../../core'
import { SAMPLING_TEMPERATURE_RANGE, samplingLimits, type McpSamplingRequest } from '../../core/mcp'

/** A function from a request and the chosen endpoint's settings to its limits line (call inside a component's setup). */
export function useSamplingLimitsText(): (
  request: McpSamplingRequest,
  endpoint: Pick<EndpointSettings, 'maxTokens' | 'temperature'>,
) => string {
  const { t } = useI18n()
  const count = (n: number) => n.toLocaleString('en-US')
  return (request, endpoint) => {
    const held = samplingLimits(request, endpoint)
    const tokens =
      held.maxTokens === held.askedMaxTokens
        ? t('mcpSampling.limits', { maxTokens: count(held.maxTokens) })
        : t(held.endpointLimit ? 'mcpSampling.maxTokensEndpoint' : 'mcpSampling.maxTokensDefault', {
            maxTokens: count(held.maxTokens),
            asked: count(held.askedMaxTokens),
            limit: count(held.maxTokensLimit),
          })
    const [low, high] = SAMPLING_TEMPERATURE_RANGE
    const temperature =
      held.askedTemperature === undefined
        ? []
        : held.temperature === held.askedTemperature
          ? [t('mcpSampling.temperature', { value: held.temperature })]
          : [t('mcpSampling.temperatureHeld', { value: held.temperature, asked: held.askedTemperature, low, high })]
    const stops = request.stopSequences?.length
      ? [t('mcpSampling.stopSequences', { list: request.stopSequences.join(', ') })]
      : []
    return [tokens, ...temperature, ...stops].join(' · ')
  }
}
