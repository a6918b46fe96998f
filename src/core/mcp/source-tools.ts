/**
 * An MCP source's tools: listing them (page by page, read as methods with their names checked and
 * their text cleaned) and calling one through `tools/call` with the executor's signal and progress.
 */
import { PaginatedResultSchema } from '@modelcontextprotocol/sdk/types.js'
import type { CallProgress } from '../types'
import { readListedToolsInSteps } from './listed-tools'
import { mcpResultText, progressOf, type McpResultText } from './content'
import { changed, messageOf, record, type SourceState } from './source-state'

/** At most this many pages of `tools/list` are read. */
const PAGE_LIMIT = 100

/** The refresh under way per source: the next one starts when it ends. */
const refreshing = new WeakMap<SourceState, Promise<void>>()

/**
 * Lists the server's tools again; does nothing while not connected. A server that does not declare
 * tools (one that offers only prompts or resources) has none, and is not asked. Refreshes run one
 * at a time (reading big schemas pauses, and two readings must not share the checker at once).
 */
export function refreshTools(state: SourceState): Promise<void> {
  const previous = refreshing.get(state) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(() => listTools(state))
  refreshing.set(state, next)
  return next
}

async function listTools(state: SourceState): Promise<void> {
  const current = state.client
  if (!current) return
  const listed: unknown[] = []
  let cursor: string | undefined
  const declaresTools = current.getServerCapabilities()?.tools !== undefined
  for (let page = 0; declaresTools && page < PAGE_LIMIT; page++) {
    // Only the page is checked here: the SDK's listTools checks every property of every schema
    // (most of a second for four tools of 50,000) and refuses the whole list for one odd tool.
    // readListedTools reads each tool itself, within its budget.
    const answer = await current.request(
      { method: 'tools/list', params: cursor ? { cursor } : undefined },
      PaginatedResultSchema,
      { timeout: state.waitMs },
    )
    if (Array.isArray(answer.tools)) for (const tool of answer.tools as unknown[]) listed.push(tool)
    cursor = answer.nextCursor
    if (!cursor) break
  }
  // Tool by tool, the page drawing between big schemas.
  const reading = await readListedToolsInSteps(state.config.name, listed, state.checker)
  if (state.client !== current) return
  state.methods = reading.methods
  state.notices = reading.notices
  if (state.notices.length > 0) record(state, 'event', `Notices: ${state.notices.join(' ')}`)
  state.toolsVersion++
  changed(state)
}

/**
 * Calls the server's tool `name`; the result's text and images, or an Error with the server's
 * words (the signal's reason when the call was aborted).
 */
export async function callServerTool(
  state: SourceState,
  name: string,
  args: Record<string, unknown>,
  context: { signal: AbortSignal; onProgress?: (progress: CallProgress) => void },
): Promise<McpResultText> {
  const { config } = state
  const current = state.client
  if (!current)
    throw new Error(
      `the MCP server "${config.name}" is not connected${state.error ? ` (${state.error})` : ''}; connect it again.`,
    )
  const onprogress = context.onProgress
    ? (raw: unknown) => {
        const progress = progressOf(raw)
        if (progress) context.onProgress?.(progress)
      }
    : undefined
  let result: unknown
  try {
    // The executor's timeout aborts the signal: the SDK then sends notifications/cancelled.
    result = await current.callTool({ name, arguments: args }, undefined, {
      signal: context.signal,
      onprogress,
      timeout: 2 ** 31 - 1,
    })
  } catch (problem) {
    if (context.signal.aborted)
      throw context.signal.reason instanceof Error ? context.signal.reason : new Error('cancelled')
    throw new Error(`the MCP server "${config.name}" failed: ${messageOf(problem)}`)
  }
  const read = mcpResultText(result)
  if (read.isError) throw new Error(read.text || `the MCP server "${config.name}" reported an error without a message.`)
  return read
}
