/**
 * The chat templates of the raw protocol: which vendored template each target renders with (the one
 * chosen for it, else its endpoint's), the format inferred from it (by the Template view's analysis,
 * in its worker), and the templates of a run's targets loaded before it starts. The catalog, the
 * analysis and the template engine load on first use, so none is in the Eval pane's first load.
 */
import type { LiveTarget, RawTemplate } from '../../core/eval'
import type { TemplateDialect } from '../../core/templates'
import type { EvalRunTarget } from '../../persistence/eval-runs'
import type { EndpointProfile } from '../../saved-chats/model'
import type { LabRunner } from '../../template-lab/off-thread'
import type { TargetChoice } from './run-settings'

/** The vendored template a target renders with: the one chosen for it, else its endpoint's; undefined for none. */
export function rawTemplateIdOf(choice: TargetChoice, profiles: readonly EndpointProfile[]): string | undefined {
  return choice.template ?? profiles.find((p) => p.id === choice.profileId)?.template ?? undefined
}

/** The format inferred from a template, as the Template view's analysis says it. */
export interface InferredFormat {
  /** A format id, or null when the template shows none (raw replies are then read with auto). */
  format: string | null
  confidence: string
  reason: string
  /** How the template renders: as transformers does, or with llama.cpp's relaxations (it was written for them). */
  dialect: TemplateDialect
}

/** A vendored template as the raw protocol renders it. */
interface LoadedTemplate {
  text: string
  specialTokens?: Record<string, string>
  variables?: Record<string, unknown>
}

let runner: Promise<LabRunner> | null = null
/** One analysis at a time: the runner lets a newer analysis supersede the one before it. */
let queue: Promise<unknown> = Promise.resolve()
const inferred = new Map<string, Promise<InferredFormat>>()

/** The text of a vendored template, with the special tokens and variables its catalog entry gives; rejects for an id the catalog does not have. */
async function vendoredTemplate(id: string): Promise<LoadedTemplate> {
  const { loadVendoredTemplate, VENDORED_TEMPLATES } = await import('../../templates/catalog')
  const text = await loadVendoredTemplate(id)
  const entry = VENDORED_TEMPLATES.find((e) => e.id === id)
  return {
    text,
    ...(entry?.specialTokens ? { specialTokens: entry.specialTokens } : {}),
    ...(entry?.variables ? { variables: entry.variables } : {}),
  }
}

async function analyse(id: string): Promise<InferredFormat> {
  const { text, specialTokens, variables } = await vendoredTemplate(id)
  runner ??= import('../../template-lab/off-thread').then(({ createLabRunner }) => createLabRunner())
  const lab = await runner
  const input = {
    template: text,
    specialTokens: JSON.stringify(specialTokens ?? {}),
    variables: variables ? JSON.stringify(variables) : '',
  }
  const outcome = await lab.run({ kind: 'analyse', input })
  if (!outcome.ok) throw new Error(`the analysis of ${id} was ${outcome.reason}`)
  const { format, confidence, reason, dialect } = outcome.value.inference
  return { format, confidence, reason, dialect }
}

/** The format inferred from the vendored template `id`, analysed once per page. */
export function inferRawFormat(id: string): Promise<InferredFormat> {
  let found = inferred.get(id)
  if (!found) {
    found = queue.then(() => analyse(id))
    queue = found.catch(() => undefined)
    inferred.set(id, found)
    // A failure is not kept: the next ask tries again.
    found.catch(() => inferred.delete(id))
  }
  return found
}

/** Live targets with their raw templates, or why they cannot have them. */
export type RawTemplatesResult =
  | { ok: true; targets: LiveTarget[] }
  | { ok: false; code: 'no-template' | 'template-failed'; detail: string }

/**
 * Gives each live target the chat template its kept target names (loaded, its format the one chosen
 * or inferred). Fails naming the targets that have none, or the template that cannot be loaded.
 */
export async function withRawTemplates(
  targets: readonly LiveTarget[],
  kept: readonly EvalRunTarget[],
): Promise<RawTemplatesResult> {
  const missing = kept.filter((k) => !k.template).map((k) => k.label)
  if (missing.length > 0) return { ok: false, code: 'no-template', detail: missing.join(', ') }
  const withTemplates: LiveTarget[] = []
  for (const [n, target] of targets.entries()) {
    const { template: id = '', format, label } = kept[n] as EvalRunTarget
    try {
      const { text, specialTokens, variables } = await vendoredTemplate(id)
      // Inferred even when the format is chosen: the prompts render in the dialect the probes did.
      const inference = await inferRawFormat(id)
      const template: RawTemplate = {
        text,
        format: format ?? inference.format,
        label: id,
        ...(specialTokens ? { specialTokens } : {}),
        ...(variables ? { variables } : {}),
        ...(inference.dialect !== 'transformers' ? { dialect: inference.dialect } : {}),
      }
      withTemplates.push({ ...target, template })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { ok: false, code: 'template-failed', detail: `${label} (${id}): ${message}` }
    }
  }
  return { ok: true, targets: withTemplates }
}
