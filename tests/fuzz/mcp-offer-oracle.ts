/**
 * What the workbench owes a server's prompts, resources, templates and form requests: reading any entry never
 * throws, what is shown is clean and bounded, and names, URIs and templates are kept exactly.
 */
import {
  OFFER_DESCRIPTION_LIMIT,
  OFFER_NAME_LIMIT,
  readPrompt,
  readResourceInfo,
  readTemplate,
} from '../../src/core/mcp/offer-items'
import { resourceAsText, resourceContent } from '../../src/core/mcp/server-reads'
import { MAX_ELICITATION_FIELDS, MAX_ELICITATION_TITLE, readElicitationForm } from '../../src/core/mcp/elicitation-form'
import { elicitationAnswer } from '../../src/core/mcp/elicitation-content'

const UNSAFE =
  // eslint-disable-next-line no-control-regex -- what must never get through
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF\u{E0000}-\u{E007F}]/u
const MARKER = /<<<|「始」|「末」|<tool_call>|\[TOOL_CALLS\]/

/** What is wrong with a shown text (a title, a name, a description), or null. */
function shownProblem(text: string | undefined, limit: number, where: string): string | null {
  if (text === undefined) return null
  if (UNSAFE.test(text)) return `${where} carries an unsafe character: ${JSON.stringify(text)}`
  if (MARKER.test(text)) return `${where} carries a protocol marker: ${JSON.stringify(text)}`
  if (text.length > limit) return `${where} is ${text.length} characters long`
  return null
}

/** The readers checked: the workbench's own, or (to show the check can fail) others. */
export interface OfferReaders {
  readPrompt: typeof readPrompt
  readResourceInfo: typeof readResourceInfo
  readTemplate: typeof readTemplate
}

/** The first thing wrong with reading these listed entries, or null. Throws are the caller's to catch. */
export function checkOfferItems(
  items: readonly unknown[],
  readers: OfferReaders = { readPrompt, readResourceInfo, readTemplate },
): string | null {
  for (const raw of items) {
    const entry = raw as Record<string, unknown> | null
    const prompt = readers.readPrompt(raw)
    if (prompt && prompt.name !== entry?.name) return `the prompt name ${JSON.stringify(entry?.name)} was changed`
    const resource = readers.readResourceInfo(raw)
    if (resource && resource.uri !== entry?.uri) return `the resource URI ${JSON.stringify(entry?.uri)} was changed`
    const template = readers.readTemplate(raw)
    if (template && !Array.isArray(template.variables)) return 'a template has no variable list'
    for (const shown of [prompt, resource, template]) {
      if (!shown) continue
      const problem =
        shownProblem(shown.title, OFFER_NAME_LIMIT, 'a title') ??
        shownProblem(shown.description, OFFER_DESCRIPTION_LIMIT, 'a description') ??
        ('mimeType' in shown ? shownProblem(shown.mimeType, OFFER_NAME_LIMIT, 'a MIME type') : null)
      if (problem) return problem
    }
    const argument = prompt?.arguments.find((arg) => shownProblem(arg.description, OFFER_DESCRIPTION_LIMIT, 'x'))
    if (argument) return `the argument ${JSON.stringify(argument.name)} has an unclean description`
    if (entry && typeof entry.uri === 'string') {
      const content = resourceContent({
        uri: entry.uri,
        mimeType: entry.mimeType as string,
        text: entry.text,
        blob: entry.blob,
      })
      if (!Number.isFinite(content.size) || content.size < 0) return `a content read with size ${content.size}`
      if (typeof resourceAsText([content]) !== 'string') return 'a content did not read as text'
    }
  }
  return null
}

/**
 * The first thing wrong with reading a form elicitation request and answering it, or null: reading
 * never throws, what is shown is clean and bounded, every field is drawn by one parameter, and
 * any answer is content or problems by field.
 */
export function checkElicitation(
  request: { message?: unknown; requestedSchema?: unknown },
  answers: readonly Readonly<Record<string, unknown>>[],
  read: typeof readElicitationForm = readElicitationForm,
): string | null {
  const form = read(request)
  if (UNSAFE.test(form.message)) return 'the form message carries an unsafe character'
  if (form.fields.length > MAX_ELICITATION_FIELDS) return `a form of ${form.fields.length} fields`
  if (form.parameters.length !== form.fields.length) return 'a field without its parameter, or the other way'
  for (const field of form.fields) {
    const problem = shownProblem(field.title, MAX_ELICITATION_TITLE, `the title of "${field.name}"`)
    if (problem) return problem
    const label = field.choices?.find((choice) => UNSAFE.test(choice.label))
    if (label) return `the choice ${JSON.stringify(label.label)} of "${field.name}" carries an unsafe character`
  }
  for (const args of answers) {
    const answer = elicitationAnswer(form, args)
    if (answer.ok ? typeof answer.content !== 'object' : !Array.isArray(answer.problems))
      return `an answer read as ${JSON.stringify(answer)}`
    if (answer.ok && form.missingRequired.length > 0) return 'a form missing a required field was accepted'
  }
  return null
}
