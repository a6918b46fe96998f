/**
 * Native function calling (OpenAI `tools`): definitions from the same metadata the text
 * protocols use, and the model's `tool_calls` turned into requests the executor runs.
 */
import type { DiscoveredTool } from '../discovery'
import type { ParsedRequest, ToolExecutionResult } from '../types'
import type { RequestIdSession } from '../request-ids'
import { methodArgumentsSchema } from '../schema'
import { routingName } from '../routing-name'
import { stableHash } from '../text/stable-hash'
import { directRequest } from '../execution/executor'
import type { ChatMessage, NativeToolCall, NativeToolDefinition } from './types'

/** What OpenAI-compatible APIs accept as a function name. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/

/**
 * A routing name as a function name: as it is when the API accepts it; otherwise (an MCP tool
 * named `files.read`, a very long name) its other characters become `_`, with a short hash of the
 * real name so two names never meet.
 */
export function nativeFunctionName(routing: string): string {
  if (FUNCTION_NAME.test(routing)) return routing
  return `${routing.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 55)}_${stableHash(routing).slice(0, 8)}`
}

/**
 * One OpenAI `tools` entry per discovered method: named by `nativeFunctionName`, described by the
 * method (and its tool), parameters as JSON Schema. Read calls back with `nativeNameMap` of the same tools.
 */
export function nativeToolDefinitions(tools: readonly DiscoveredTool[]): NativeToolDefinition[] {
  const definitions: NativeToolDefinition[] = []
  for (const tool of tools) {
    for (const method of tool.methods) {
      const description = [method.description, tool.description ? `(${tool.toolName}: ${tool.description})` : '']
        .filter(Boolean)
        .join(' ')
      definitions.push({
        type: 'function',
        function: {
          name: nativeFunctionName(routingName(tool.toolId, method.name)),
          description,
          parameters: methodArgumentsSchema(method),
        },
      })
    }
  }
  return definitions
}

/** Function names that differ from their routing names, to read the model's calls back. */
export function nativeNameMap(tools: readonly DiscoveredTool[]): Map<string, string> {
  const names = new Map<string, string>()
  for (const tool of tools) {
    for (const method of tool.methods) {
      const routing = routingName(tool.toolId, method.name)
      const native = nativeFunctionName(routing)
      if (native !== routing) names.set(native, routing)
    }
  }
  return names
}

/** A `tool_calls` entry as a request to run, or as a request refused with the error result to send back. */
export type NativeCallResolution =
  | { ok: true; request: ParsedRequest }
  /** The call cannot run; `result` goes back to the model so it can send the call again. */
  | { ok: false; request: ParsedRequest; result: ToolExecutionResult }

/** A `tool_calls` entry as a request. Arguments must be a JSON object (empty text counts as `{}`). */
export function resolveNativeCall(
  call: NativeToolCall,
  session: RequestIdSession,
  names?: ReadonlyMap<string, string>,
): NativeCallResolution {
  const id = session.claim(call.id || undefined)
  const name = names?.get(call.function.name) ?? call.function.name
  const text = call.function.arguments
  let args: unknown = {}
  let problem: string | null = null
  if (text.trim() !== '') {
    try {
      args = JSON.parse(text)
      if (args === null || typeof args !== 'object' || Array.isArray(args))
        problem = `they are ${args === null ? 'null' : Array.isArray(args) ? 'an array' : typeof args}, not a JSON object`
    } catch (error) {
      problem = `they are not valid JSON (${error instanceof Error ? error.message : String(error)})`
    }
  }
  const request = directRequest(name, problem ? {} : (args as Record<string, unknown>), id)
  request.rawBlock = text
  if (!name) problem ??= 'the call has no function name'
  if (problem === null) return { ok: true, request }
  request.valid = false
  const excerpt = text.length > 200 ? text.slice(0, 200) + '…' : text
  const result: ToolExecutionResult = {
    requestId: id,
    toolName: name,
    status: 'error',
    result: `The arguments of call "${call.id || id}" to "${name || '(none)'}" were not run: ${problem}. Arguments received: ${excerpt || '(empty)'}. Send the call again with a JSON object of arguments.`,
    durationMs: 0,
  }
  return { ok: false, request, result }
}

/** A result as a `role: "tool"` message. Anything but success says its status first. */
export function toolResultMessage(call: NativeToolCall, result: ToolExecutionResult): ChatMessage {
  const content = result.status === 'success' ? result.result : `[${result.status}] ${result.result}`
  return { role: 'tool', tool_call_id: call.id, content }
}
