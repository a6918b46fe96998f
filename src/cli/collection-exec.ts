/**
 * `vcp exec --collection FILE NAME`: one saved call of a collection file the Executor exported,
 * run with the same tools, settings and kept variables as `vcp exec`, printed as `vcp exec` prints.
 * The file is untrusted: an unreadable file, an invalid collection or an unknown name is said on
 * stderr (with the names the file has) and the status is 2.
 */
import { directRequest, type ToolRegistryManager } from '../core'
import { findCall, problemText, readCollectionFile, type SavedCall } from '../core/collections'
import { VARIABLES_SUFFIX, type Command } from './arguments'
import { loadVariables, replySession, resultsOutput, type ReplyCommand } from './reply-commands'
import type { CliIo } from './vcp'

/** The request id the saved call runs under (a reply's first request has the same). */
export const SAVED_CALL_REQUEST_ID = 'req-1'

/**
 * The call `names[0]` of the collection file `path`, or null after saying on stderr why not: the
 * file cannot be read, is not a collection, holds a bad entry (each named), or has no such call.
 */
export async function loadSavedCall(path: string, names: readonly string[], io: CliIo): Promise<SavedCall | null> {
  const fail = (reason: string) => (io.err(`vcp exec: ${reason}`), null)
  let text: string
  try {
    text = await io.readFile(path)
  } catch (error) {
    return fail(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const reading = readCollectionFile(text)
  if (!reading.ok) return fail(`${path} is not a valid collection: ${reading.reason}`)
  if (reading.problems.length > 0) {
    const count = reading.problems.length
    const lines = reading.problems.map((problem) => `  ${problemText(problem)}`)
    return fail(`${path} is not a valid collection: ${count} bad entr${count === 1 ? 'y' : 'ies'}\n${lines.join('\n')}`)
  }
  const found = findCall(reading.collections, names[0] ?? '')
  return found.ok ? found.call : fail(`${path}: ${found.reason}`)
}

/** Runs `call` as exec runs a reply's request, printing `{"results": [...], "diagnostics": [...]}`; 0. */
export async function execSavedCall(
  call: SavedCall,
  command: Command,
  io: CliIo,
  registry: ToolRegistryManager,
): Promise<number> {
  const variablesFile = command.folder + VARIABLES_SUFFIX
  const variables = await loadVariables((path) => io.readFile(path), variablesFile)
  const reply: ReplyCommand = {
    protocol: command.protocol,
    read: {},
    timeout: command.timeout,
    parallel: false,
    approve: command.approve,
    settings: command.settings,
  }
  const tools = replySession(registry, reply, variables.store)
  const request = directRequest(call.method, call.arguments, SAVED_CALL_REQUEST_ID)
  const results = await tools.execute([request], command.approve ? { confirm: () => true } : {})
  await io.writeFile(variablesFile, JSON.stringify(variables.store.list()))
  const output = {
    results: resultsOutput(results),
    diagnostics: variables.problem ? [variables.problem] : [],
  }
  io.out(JSON.stringify(output))
  return 0
}
