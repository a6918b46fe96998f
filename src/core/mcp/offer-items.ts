/**
 * One listed prompt, resource or template, read from whatever the server wrote: names and URIs
 * kept exactly (they are sent back), titles and descriptions cleaned and bounded, anything that is
 * not an entry dropped. Pure, so the fuzz harness checks them as they are.
 */
import { isRecord } from '../own-record'
import { cleanServerText } from './server-text'
import { templateVariables } from './uri-template'
import type { McpPromptInfo, McpResourceInfo, McpTemplateInfo } from './server-offer'

/** Titles, names shown and MIME types are cut to this many characters. */
export const OFFER_NAME_LIMIT = 300
/** Descriptions are cut to this many characters. */
export const OFFER_DESCRIPTION_LIMIT = 4_000
/** Names and URIs longer than this are not entries. */
const IDENTIFIER_LIMIT = 4_096

const line = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? cleanServerText(value).slice(0, OFFER_NAME_LIMIT) : undefined
const paragraph = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== ''
    ? cleanServerText(value, { multiline: true }).slice(0, OFFER_DESCRIPTION_LIMIT)
    : undefined
/** Identifiers (names, URIs) are kept as the server wrote them, to send back exactly; only their length is bounded. */
const identifier = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && value.length <= IDENTIFIER_LIMIT ? value : undefined

/** A listed prompt, or null when it has no name. */
export function readPrompt(raw: unknown): McpPromptInfo | null {
  if (!isRecord(raw)) return null
  const name = identifier(raw.name)
  if (!name) return null
  const args = Array.isArray(raw.arguments) ? raw.arguments : []
  return {
    name,
    title: line(raw.title),
    description: paragraph(raw.description),
    arguments: args.flatMap((arg) => {
      if (!isRecord(arg)) return []
      const argName = identifier(arg.name)
      return argName
        ? [{ name: argName, description: paragraph(arg.description), required: arg.required === true }]
        : []
    }),
  }
}

/** A listed resource, or null when it has no URI. */
export function readResourceInfo(raw: unknown): McpResourceInfo | null {
  if (!isRecord(raw)) return null
  const uri = identifier(raw.uri)
  if (!uri) return null
  return {
    uri,
    name: line(raw.name) ?? uri,
    title: line(raw.title),
    description: paragraph(raw.description),
    mimeType: line(raw.mimeType),
    size: typeof raw.size === 'number' && Number.isFinite(raw.size) && raw.size >= 0 ? raw.size : undefined,
  }
}

/** A listed template, or null when it has no URI template. */
export function readTemplate(raw: unknown): McpTemplateInfo | null {
  if (!isRecord(raw)) return null
  const uriTemplate = identifier(raw.uriTemplate)
  if (!uriTemplate) return null
  return {
    uriTemplate,
    name: line(raw.name) ?? uriTemplate,
    title: line(raw.title),
    description: paragraph(raw.description),
    mimeType: line(raw.mimeType),
    variables: templateVariables(uriTemplate),
  }
}
