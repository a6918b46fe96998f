/**
 * `vcp render`: a model's chat template rendered as transformers' apply_chat_template does, with
 * the prompt printed exactly (nothing added, no line end); or, with --infer, what the template shows
 * about its model (the format it writes, findings, the round trip of a call) as one JSON line; or,
 * with --list, the vendored templates. Exits 2 with one line on standard error for bad usage, a file
 * that cannot be read or a template that fails to render.
 */
import {
  inferTemplateFormat,
  renderChatTemplate,
  roundTrip,
  templateFindings,
  type TemplateError,
} from '../core/templates'
import { VENDORED_TEMPLATES } from '../templates/catalog'
import { UsageError } from './arguments'
import { readRenderArgs, type RenderOptions, type RenderSettings } from './render-arguments'
import { loadTemplate, oneLine, readConversation, RenderStop, type LoadedTemplate } from './render-input'
import type { CliIo } from './vcp'

/** The optional member of the CliIo that `vcp render` uses. */
export interface RenderIo {
  /** Writes to standard output as is, with no line end added. @default out, which adds one */
  outRaw?(text: string): void
}

/** Runs `vcp render` with its arguments (those after `render`); resolves to the exit status. */
export async function runRenderCommand(args: readonly string[], io: CliIo): Promise<number> {
  let options: RenderOptions
  try {
    options = readRenderArgs(args)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`vcp render: ${error.message} (vcp help shows the usage)`)
    return 2
  }
  try {
    if (options.mode === 'list') list(io)
    else if (options.mode === 'infer') await infer(options, io)
    else await render(options, io)
    return 0
  } catch (error) {
    if (!(error instanceof RenderStop)) throw error
    io.err(`vcp render: ${error.message}`)
    return 2
  }
}

/** One JSON line per vendored template: id, label, family and the formats its model writes. */
function list(io: CliIo): void {
  for (const { id, label, family, formats } of VENDORED_TEMPLATES)
    io.out(JSON.stringify({ id, label, family, formats }))
}

async function render(options: Extract<RenderOptions, { mode: 'render' }>, io: CliIo): Promise<void> {
  const conversation = await readConversation(options.messages, options.tools, io)
  const template = await loadTemplate(
    options.template,
    { templateName: options.templateName, withTools: conversation.tools !== undefined },
    io,
  )
  const result = renderChatTemplate(template.text, {
    ...conversation,
    addGenerationPrompt: options.generationPrompt,
    specialTokens: { ...template.specialTokens, ...options.specialTokens },
    variables: options.variables,
    ...(options.dialect ? { dialect: options.dialect } : {}),
  })
  if (!result.ok) throw new RenderStop(failure(template, result.error))
  if (io.outRaw) io.outRaw(result.text)
  else io.out(result.text)
}

/**
 * The format the template's model writes, how sure, the probe turns that show it, the findings,
 * and the round trip of one call through template and format (null when there is no format).
 */
async function infer(options: Extract<RenderOptions, { mode: 'infer' }>, io: CliIo): Promise<void> {
  const template = await loadTemplate(options.template, { templateName: options.templateName, withTools: true }, io)
  // A template that does not parse has nothing to analyse; one that fails on some input is a finding.
  const parsed = renderChatTemplate(template.text, { messages: [] })
  if (!parsed.ok && parsed.error.kind === 'syntax') throw new RenderStop(failure(template, parsed.error))
  const probe = probeOptions(template, options)
  const inference = inferTemplateFormat(template.text, probe)
  const { format, confidence, sameReading, argumentsAs, reason, evidence, dialect } = inference
  io.out(
    JSON.stringify({
      format,
      confidence,
      sameReading,
      argumentsAs,
      dialect,
      reason,
      evidence,
      findings: templateFindings(template.text, probe),
      roundTrip: format === null ? null : roundTrip(template.text, format, undefined, { ...probe, dialect }),
    }),
  )
}

/** The analyses' options: string special tokens replace the probes' defaults; lists go in as variables. */
function probeOptions(template: LoadedTemplate, settings: RenderSettings) {
  const specialTokens: Record<string, string> = {}
  const lists: Record<string, unknown> = {}
  for (const [name, value] of Object.entries({ ...template.specialTokens, ...settings.specialTokens })) {
    if (typeof value === 'string') specialTokens[name] = value
    else lists[name] = value
  }
  const variables = { ...lists, ...settings.variables }
  return {
    specialTokens,
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
    ...(settings.dialect ? { dialect: settings.dialect } : {}),
  }
}

/** The template's failure in one line: where, its kind and place, and the message. */
function failure(template: LoadedTemplate, error: TemplateError): string {
  const place =
    error.line === undefined
      ? ''
      : ` at line ${error.line}${error.column === undefined ? '' : `, column ${error.column}`}`
  const what = error.kind === 'raised' ? 'raised an exception' : 'failed'
  return `${template.label}: the template ${what} (${error.kind}${place}): ${oneLine(error.message)}`
}
