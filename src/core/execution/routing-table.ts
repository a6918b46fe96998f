/**
 * Routing a request to a method: an exact `toolId_methodName` wins (ids and
 * method names may both contain '_'), then `tool_name: toolId` plus `command: name`, matched
 * against each method's name or its `protocolConfig.vcpCommand`.
 */
import type { MethodMetadata, ToolRegistry } from '../types'
import type { ToolRegistryManager } from '../tools/registry-manager'
import { routingName } from '../routing-name'
import { closestNames, didYouMeanRef } from '../text/closest'
import type { MessageRef } from '../messages/types'
import { englishMessages } from '../messages/english'
import { renderMessage } from '../messages/render'
import { ref } from '../messages/say'

/** The tool and method a routing name leads to. */
export interface RouteTarget {
  tool: ToolRegistry
  method: MethodMetadata
  /** `toolId_methodName`, whichever way the request named it. */
  routingName: string
}

interface RoutingTable {
  version: number
  byRoutingName: Map<string, RouteTarget>
}

const tables = new WeakMap<ToolRegistryManager, RoutingTable>()

/** The table for the registry's current version (rebuilt only after a change). */
function tableOf(manager: ToolRegistryManager): RoutingTable {
  const cached = tables.get(manager)
  if (cached && cached.version === manager.version) return cached
  const byRoutingName = new Map<string, RouteTarget>()
  for (const tool of manager.list()) {
    for (const method of tool.getMetadata().methods) {
      const name = routingName(tool.id, method.name)
      byRoutingName.set(name, { tool, method, routingName: name })
    }
  }
  const table = { version: manager.version, byRoutingName }
  tables.set(manager, table)
  return table
}

/**
 * The method found, or why none was: an unknown name or command, with up to three close names
 * (`message` in English, `messageRef` the same said by id).
 */
export type RouteResult = { ok: true; target: RouteTarget } | { ok: false; message: string; messageRef: MessageRef }

/** A failed route saying `messageRef`. */
function noRoute(messageRef: MessageRef): RouteResult {
  return { ok: false, message: renderMessage(messageRef, englishMessages), messageRef }
}

/** Close names as a hint, or `otherwise` when there are none. */
function hint(suggestions: string[], otherwise: MessageRef): MessageRef {
  return suggestions.length > 0 ? didYouMeanRef(suggestions) : otherwise
}

/**
 * Finds the method a request names. `command` is the request's `command` argument when the
 * tool_name alone is not a routing name.
 */
export function resolveRoute(manager: ToolRegistryManager, toolName: string, command: string | undefined): RouteResult {
  const table = tableOf(manager)
  const exact = table.byRoutingName.get(toolName)
  if (exact) return { ok: true, target: exact }
  const tool = manager.get(toolName)
  if (!tool) {
    const known = [...table.byRoutingName.keys(), ...manager.list().map((t) => t.id)]
    const suggestions = closestNames(toolName, known)
    return noRoute(
      ref('plan.route.unknown-tool', { name: toolName, hint: hint(suggestions, ref('plan.route.use-routing-name')) }),
    )
  }
  const methods = tool.getMetadata().methods
  if (command === undefined || command === '') {
    const names = methods.map((m) => m.name).join(', ')
    return noRoute(ref('plan.route.needs-method', { tool: tool.id, methods: names || ref('plan.route.none') }))
  }
  const method =
    methods.find((m) => m.name === command) ?? methods.find((m) => m.protocolConfig?.vcpCommand === command)
  if (!method) {
    const names = methods.flatMap((m) =>
      m.protocolConfig?.vcpCommand ? [m.name, m.protocolConfig.vcpCommand] : [m.name],
    )
    const its = ref('plan.route.its-methods', { methods: names.join(', ') || ref('plan.route.none') })
    return noRoute(
      ref('plan.route.no-such-method', { tool: tool.id, command, hint: hint(closestNames(command, names), its) }),
    )
  }
  return { ok: true, target: table.byRoutingName.get(routingName(tool.id, method.name)) as RouteTarget }
}
