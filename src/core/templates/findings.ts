/**
 * What a chat template does to a conversation that a person should know, each finding shown by a
 * render: tools that never reach the prompt, arguments as JSON text that the template double-encodes,
 * a system message dropped or moved, a second call dropped, tool results without their call's id,
 * earlier reasoning kept or dropped, a generation prompt that adds nothing. The ids are fixed: the
 * template lab and `vcp` print them.
 */
import { createProbeRenderer, type ProbeOptions } from './probe-render'
import { inferWith } from './infer'
import { PROBE_TOOLS, userMessage } from './probe'
import { generationPromptFindings, systemFindings, toolsFindings } from './findings-prompt'
import { parallelFindings, reasoningFindings, resultFindings, stringArgumentFindings } from './findings-turns'
import type { CheckContext, Finding, FindingId } from './finding'

export type { Finding, FindingId, FindingSeverity, Highlight } from './finding'
export { FINDING_IDS } from './finding'

export interface FindingsOptions extends ProbeOptions {
  /**
   * The format the model writes, to read rendered calls with; null reads none (the checks then go by
   * the text alone).
   * @default the format `inferTemplateFormat` finds
   */
  format?: string | null
}

const CHECKS: readonly ((context: CheckContext) => Finding[])[] = [
  toolsFindings,
  stringArgumentFindings,
  systemFindings,
  parallelFindings,
  resultFindings,
  reasoningFindings,
  generationPromptFindings,
]

/**
 * The findings for `template`, errors first. A template that cannot render a user message with
 * tools gives one finding, `render-failed`. Never throws.
 */
export function templateFindings(template: string, options: FindingsOptions = {}): Finding[] {
  try {
    const renderer = createProbeRenderer(template, options)
    const prompt = renderer.render([userMessage()], PROBE_TOOLS, true)
    if (!prompt.ok) {
      const { kind, message, line } = prompt.error
      const place = line !== undefined ? ` at line ${line}` : ''
      return [renderFailed(`The template fails on a user message with tools (${kind}${place}): ${message}`)]
    }
    const inference = options.format === undefined ? inferWith(renderer) : null
    const context: CheckContext = {
      renderer,
      format: options.format === undefined ? (inference?.format ?? null) : options.format,
      argumentsAs: inference?.argumentsAs ?? 'object',
    }
    return CHECKS.flatMap((check) => check(context)).sort((a, b) => rank(a) - rank(b))
  } catch (error) {
    return [renderFailed(`The analysis failed: ${error instanceof Error ? error.message : String(error)}`)]
  }
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const

function rank(finding: Finding): number {
  return SEVERITY_ORDER[finding.severity]
}

function renderFailed(message: string): Finding {
  const id: FindingId = 'render-failed'
  return { id, severity: 'error', message, evidence: { rendered: '' } }
}
