/**
 * Routing a request to a method: an exact `toolId_methodName` wins (ids and
 * method names may both contain '_'), then `tool_name: toolId` plus `command: name`, matched
 * against each method's name or its `protocolConfig.vcpCommand`.
 */
import type { MethodMetadata, ToolRegistry } from '../types'
import type { ToolRegistryManager } from '../tools/registry-manager'
import { routingName } from '../routing-name'
import { closestNames, didYouMean } from '../text/closest'

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

/** The method found, or why none was: an unknown name or command, with up to three close names. */
export type RouteResult = { ok: true; target: RouteTarget } | { ok: false; message: string }

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
    return {
      ok: false,
      message: `Unknown tool "${toolName}".${didYouMean(closestNames(toolName, known)) || ' Use a routing name toolId_methodName from the tools prompt.'}`,
    }
  }
  const methods = tool.getMetadata().methods
  if (command === undefined || command === '') {
    return {
      ok: false,
      message: `Tool "${tool.id}" needs a method: write tool_name as ${tool.id}_<method> or add a "command" field. Its methods: ${methods.map((m) => m.name).join(', ') || 'none'}.`,
    }
  }
  const method =
    methods.find((m) => m.name === command) ?? methods.find((m) => m.protocolConfig?.vcpCommand === command)
  if (!method) {
    const names = methods.flatMap((m) =>
      m.protocolConfig?.vcpCommand ? [m.name, m.protocolConfig.vcpCommand] : [m.name],
    )
    return {
      ok: false,
      message: `Tool "${tool.id}" has no method "${command}".${didYouMean(closestNames(command, names)) || ` Its methods: ${names.join(', ') || 'none'}.`}`,
    }
  }
  return { ok: true, target: table.byRoutingName.get(routingName(tool.id, method.name)) as RouteTarget }
}
