/**
 * What is asked of one server's offer, kept beside it: prompts got with the arguments typed,
 * resources read (again when the server says they changed), subscriptions. Each failure is kept
 * as a sentence beside what it concerns; none of these rejects.
 */
import {
  getPrompt,
  readResource,
  subscribeResource,
  unsubscribeResource,
  type McpPromptResult,
  type McpResourceContent,
  type McpServerOffer,
  type McpToolSource,
} from '../../core/mcp'

/** A prompt as asked for: the arguments typed, and what the server answered. */
export interface PromptGet {
  args: Record<string, string>
  loading: boolean
  result: McpPromptResult | null
  error: string
}

/** A resource as read: its contents, or why they could not be read. */
export interface ResourceRead {
  loading: boolean
  contents: McpResourceContent[] | null
  error: string
  /** When the contents were last read again because the server said they changed (ms since the epoch). */
  updatedAt: number | null
}

/** One server's offer and everything asked of it. */
export interface ServerOfferEntry {
  offer: McpServerOffer | null
  loading: boolean
  /** Why the offer could not be listed at all. */
  error: string
  /** The URIs subscribed to on the current connection. */
  subscribed: string[]
  /** By prompt name. */
  prompts: Record<string, PromptGet>
  /** By URI. */
  reads: Record<string, ResourceRead>
  /** The values typed for each template's variables, by URI template. */
  templateValues: Record<string, Record<string, string>>
}

/** Where the requests find a server's entry and its source. */
export interface OfferContext {
  entryOf(server: string): ServerOfferEntry
  /** The named server's source; throws an Error saying there is none. */
  sourceOf(server: string): McpToolSource
}

/** An entry with nothing listed or asked yet. */
export const emptyEntry = (): ServerOfferEntry => ({
  offer: null,
  loading: false,
  error: '',
  subscribed: [],
  prompts: {},
  reads: {},
  templateValues: {},
})

/** The message of anything thrown. */
export const messageOf = (problem: unknown): string =>
  problem instanceof Error ? problem.message || problem.name : String(problem)

/**
 * `record[key]`, made first when missing. Read back through the record, so that on a reactive
 * record the caller gets the reactive value (an assignment's value would be the raw object).
 */
export function made<T>(record: Record<string, T>, key: string, make: () => T): T {
  if (!Object.hasOwn(record, key)) record[key] = make()
  return record[key] as T
}

/** The prompt's state in the entry (made empty on first use). */
export const promptOf = (entry: ServerOfferEntry, name: string): PromptGet =>
  made(entry.prompts, name, () => ({ args: {}, loading: false, result: null, error: '' }))

/** The resource's state in the entry (made empty on first use). */
export const readOf = (entry: ServerOfferEntry, uri: string): ResourceRead =>
  made(entry.reads, uri, () => ({ loading: false, contents: null, error: '', updatedAt: null }))

/** Gets the prompt with the arguments typed; refuses without sending while a required one is empty. */
export async function getPromptIn(context: OfferContext, server: string, name: string): Promise<void> {
  const entry = context.entryOf(server)
  const state = promptOf(entry, name)
  const info = entry.offer?.prompts.find((prompt) => prompt.name === name)
  const missing = (info?.arguments ?? []).filter((arg) => arg.required && !state.args[arg.name]?.trim())
  if (missing.length > 0) {
    state.error = `Fill in ${missing.map((arg) => `"${arg.name}"`).join(', ')} first.`
    return
  }
  // An optional argument left empty is not sent: the server then uses its own default.
  const args = Object.fromEntries(Object.entries(state.args).filter(([, value]) => value !== ''))
  state.loading = true
  try {
    state.result = await getPrompt(context.sourceOf(server), name, args)
    state.error = ''
  } catch (problem) {
    state.error = messageOf(problem)
  } finally {
    state.loading = false
  }
}

/** Reads the resource at `uri` and keeps its contents under it. */
export async function readIn(context: OfferContext, server: string, uri: string): Promise<void> {
  const state = readOf(context.entryOf(server), uri)
  state.loading = true
  try {
    state.contents = await readResource(context.sourceOf(server), uri)
    state.error = ''
  } catch (problem) {
    state.error = messageOf(problem)
  } finally {
    state.loading = false
  }
}

/** A resource changed on the server: read it again if the page shows it, and say when. */
export async function readAgainIn(context: OfferContext, server: string, uri: string): Promise<void> {
  const entry = context.entryOf(server)
  if (!entry.reads[uri]) return
  await readIn(context, server, uri)
  readOf(entry, uri).updatedAt = Date.now()
}

/** Subscribes to `uri` (reading it if not read yet), or unsubscribes when subscribed. */
export async function toggleSubscriptionIn(context: OfferContext, server: string, uri: string): Promise<void> {
  const entry = context.entryOf(server)
  const state = readOf(entry, uri)
  try {
    const source = context.sourceOf(server)
    if (entry.subscribed.includes(uri)) {
      await unsubscribeResource(source, uri)
      entry.subscribed = entry.subscribed.filter((other) => other !== uri)
    } else {
      await subscribeResource(source, uri)
      entry.subscribed = [...entry.subscribed, uri]
      if (!state.contents) await readIn(context, server, uri)
    }
  } catch (problem) {
    state.error = messageOf(problem)
  }
}
