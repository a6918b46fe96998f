/**
 * Resource templates (RFC 6570 URI templates, as MCP uses them): the variables a template names,
 * and the URI it makes from values the person typed. The SDK's reader does the expansion; what it
 * cannot read becomes a sentence, never a throw out of a lister.
 */
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js'
import { messageOf } from './source-state'

/** The variable names of a template, each once, in order; empty when the template cannot be read. */
export function templateVariables(template: string): string[] {
  try {
    return [...new Set(new UriTemplate(template).variableNames)]
  } catch {
    return []
  }
}

/**
 * The URI a template makes from `values` (every variable must have a non-empty value).
 * Throws an Error that names the missing variables, or says why the template cannot be read.
 */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  let reader: UriTemplate
  try {
    reader = new UriTemplate(template)
  } catch (problem) {
    throw new Error(`The template ${JSON.stringify(template)} cannot be read: ${messageOf(problem)}`)
  }
  const missing = [...new Set(reader.variableNames)].filter((name) => !values[name])
  if (missing.length > 0)
    throw new Error(`Fill in ${missing.map((name) => `"${name}"`).join(', ')} to make a URI from ${template}.`)
  try {
    return reader.expand({ ...values })
  } catch (problem) {
    throw new Error(`The template ${JSON.stringify(template)} cannot be filled: ${messageOf(problem)}`)
  }
}
