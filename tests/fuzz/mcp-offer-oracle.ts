/**
 * What the workbench owes a server's prompts, resources and templates: reading any entry never
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

const UNSAFE =
  // eslint-disable-next-line no-control-regex -- what must never get through
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/
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
