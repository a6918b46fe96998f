/**
 * What an MCP server offers besides tools: its prompts, resources and resource templates, listed
 * page by page (only what its capabilities declare), with names and text cleaned as for tools and
 * long lists cut with a notice. Each list that fails says why in `problems`; the others are kept.
 */
import type { McpToolSource } from './source'
import { isRecord } from '../own-record'
import { messageOf } from './source-state'
import { readPrompt, readResourceInfo, readTemplate } from './offer-items'

/** A prompt's argument as listed. */
export interface McpPromptArgument {
  name: string
  description?: string
  required: boolean
}

/** A prompt as listed by `prompts/list`. */
export interface McpPromptInfo {
  name: string
  title?: string
  description?: string
  arguments: McpPromptArgument[]
}

/** A resource as listed by `resources/list`. */
export interface McpResourceInfo {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
}

/** A resource template as listed by `resources/templates/list`, with the variables it names. */
export interface McpTemplateInfo {
  uriTemplate: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  /** The template's variable names, in order; empty when the template cannot be read. */
  variables: string[]
}

/** Everything a server offers, as far as it could be listed. */
export interface McpServerOffer {
  prompts: McpPromptInfo[]
  resources: McpResourceInfo[]
  resourceTemplates: McpTemplateInfo[]
  /** Whether the server declared each capability (a list not declared is empty, not failed). */
  declares: { prompts: boolean; resources: boolean; subscribe: boolean; logging: boolean }
  /** One sentence per list that failed or was cut. */
  problems: string[]
}

/** Options of the calls that reach the server. */
export interface McpRequestOptions {
  /** @default 20000 */
  timeoutMs?: number
  signal?: AbortSignal
}

/** At most this many pages of one list are read. */
const PAGE_LIMIT = 100
/** At most this many items of one list are kept. */
const ITEM_LIMIT = 10_000

type Page = { items: unknown[]; nextCursor?: string }

/** The connected SDK client, or an Error naming the server and why it is not connected. */
export function connectedClient(source: McpToolSource): NonNullable<McpToolSource['client']> {
  const { client } = source
  if (!client)
    throw new Error(
      `the MCP server "${source.config.name}" is not connected${source.error ? ` (${source.error})` : ''}; connect it first.`,
    )
  return client
}

/** Lists the server's prompts, resources and templates (each only if declared). Never rejects for one list. */
export async function listServerOffer(source: McpToolSource, options: McpRequestOptions = {}): Promise<McpServerOffer> {
  const client = connectedClient(source)
  const capabilities = client.getServerCapabilities() ?? {}
  const resourcesCap = isRecord(capabilities.resources) ? capabilities.resources : undefined
  const declares = {
    prompts: capabilities.prompts !== undefined,
    resources: resourcesCap !== undefined,
    subscribe: resourcesCap?.subscribe === true,
    logging: capabilities.logging !== undefined,
  }
  const problems: string[] = []
  const request = { timeout: options.timeoutMs ?? 20_000, signal: options.signal }
  const name = source.config.name
  const [prompts, resources, resourceTemplates] = await Promise.all([
    declares.prompts
      ? readList(name, 'prompts', problems, async (cursor) => {
          const page = await client.listPrompts(cursor ? { cursor } : undefined, request)
          return { items: page.prompts, nextCursor: page.nextCursor }
        })
      : [],
    declares.resources
      ? readList(name, 'resources', problems, async (cursor) => {
          const page = await client.listResources(cursor ? { cursor } : undefined, request)
          return { items: page.resources, nextCursor: page.nextCursor }
        })
      : [],
    declares.resources
      ? readList(name, 'resource templates', problems, async (cursor) => {
          const page = await client.listResourceTemplates(cursor ? { cursor } : undefined, request)
          return { items: page.resourceTemplates, nextCursor: page.nextCursor }
        })
      : [],
  ])
  return {
    prompts: prompts.map(readPrompt).filter((p): p is McpPromptInfo => p !== null),
    resources: resources.map(readResourceInfo).filter((r): r is McpResourceInfo => r !== null),
    resourceTemplates: resourceTemplates.map(readTemplate).filter((t): t is McpTemplateInfo => t !== null),
    declares,
    problems,
  }
}

/** Reads a paged list up to the limits; a failure or a cut is one sentence in `problems`. */
async function readList(
  server: string,
  what: string,
  problems: string[],
  page: (cursor: string | undefined) => Promise<Page>,
): Promise<unknown[]> {
  const items: unknown[] = []
  let cursor: string | undefined
  try {
    for (let n = 0; n < PAGE_LIMIT; n++) {
      const next = await page(cursor)
      items.push(...next.items)
      cursor = next.nextCursor
      if (!cursor) break
      if (n === PAGE_LIMIT - 1)
        problems.push(`"${server}" lists more than ${PAGE_LIMIT} pages of ${what}; the rest are not shown.`)
    }
  } catch (problem) {
    problems.push(`Listing the ${what} of "${server}" failed: ${messageOf(problem)}`)
  }
  if (items.length > ITEM_LIMIT) {
    problems.push(
      `"${server}" lists ${items.length.toLocaleString('en-US')} ${what}; the first ${ITEM_LIMIT.toLocaleString('en-US')} are shown.`,
    )
    items.length = ITEM_LIMIT
  }
  return items
}
