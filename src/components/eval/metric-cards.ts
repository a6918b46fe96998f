/** The metric cards of a summary: each metric kept apart, with a line that says what it counts. */
import type { EvalSummary, Tally } from '../../core/eval'

/** One card: a number with its title, precision and unit, and a note under it. */
export interface MetricCard {
  key: string
  title: string
  value: number
  precision: number
  suffix?: string
  note: string
}

/** Translates a message key with named values, choosing a plural form by `count` when given. */
export type Translate = (key: string, values?: Record<string, unknown>, count?: number) => string

/** The cards of `summary`: compliance, correctness, relevance, pass@1, pass@k, flaky, and (when replies report them) tokens and latency. */
export function metricCards(summary: EvalSummary, t: Translate): MetricCard[] {
  const share = (tally: Tally): number => (tally.total === 0 ? 0 : (tally.passed / tally.total) * 100)
  const tallyCard = (key: 'compliance' | 'correctness' | 'relevance'): MetricCard => ({
    key,
    title: t(`eval.metrics.${key}`),
    value: share(summary[key]),
    precision: 1,
    suffix: '%',
    note: t('eval.metrics.of', { passed: summary[key].passed, total: summary[key].total }),
  })
  const { stability, tokens, latency } = summary
  const cards: MetricCard[] = [
    tallyCard('compliance'),
    tallyCard('correctness'),
    tallyCard('relevance'),
    {
      key: 'pass1',
      title: t('eval.metrics.passAt1'),
      value: stability.passAt1 * 100,
      precision: 1,
      suffix: '%',
      note: t('eval.metrics.cases', { n: stability.cases }, stability.cases),
    },
    {
      key: 'passk',
      title: t('eval.metrics.passAtK', { k: stability.k }),
      value: stability.passAtK * 100,
      precision: 1,
      suffix: '%',
      note: t('eval.metrics.passAll', { n: stability.passAll }),
    },
    {
      key: 'flaky',
      title: t('eval.metrics.flaky'),
      value: stability.flaky.length,
      precision: 0,
      note: t('eval.metrics.flakyNote'),
    },
  ]
  // Token counts and latency come with live replies only.
  if (tokens.replies > 0)
    cards.push({
      key: 'tokens',
      title: t('eval.metrics.tokens'),
      value: tokens.total,
      precision: 0,
      note: t('eval.metrics.tokensNote', {
        prompt: tokens.prompt.toLocaleString(),
        completion: tokens.completion.toLocaleString(),
      }),
    })
  if (!latency) return cards
  const ms = (key: 'p50' | 'p95', note: string): MetricCard => ({
    key,
    title: t(`eval.metrics.${key}`),
    value: latency[key],
    precision: 0,
    suffix: 'ms',
    note,
  })
  return [
    ...cards,
    ms('p50', t('eval.metrics.mean', { ms: Math.round(latency.mean) })),
    ms('p95', t('eval.metrics.max', { ms: Math.round(latency.max) })),
  ]
}
