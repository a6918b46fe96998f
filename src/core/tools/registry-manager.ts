/**
 * The tool registry manager: which tools exist right now. Every change bumps `version`, which is
 * what the prompt cache and the routing table key on, so nothing derived from the registry can
 * outlive a change to it.
 */
import type { ToolRegistry } from '../types'
import { routingName } from '../routing-name'

/** `touch`: a tool's metadata changed in place (toolId is '' then). */
export type RegistryChange = { type: 'register' | 'unregister' | 'touch'; toolId: string; version: number }
/** Called synchronously after each change, with the change and the version it produced. */
export type RegistryListener = (change: RegistryChange) => void

/**
 * The set of tools that exist right now, by id. Tools are checked when registered, so every listed
 * tool has unique routing names and a function (or `callMethod`) for each declared method.
 */
export interface ToolRegistryManager {
  /** Tells managers apart in the app-wide prompt cache. */
  readonly id: number
  /** Changes on every register, unregister and touch; what derived caches key on. */
  readonly version: number
  /**
   * Adds a tool; returns a function that removes it again (only while this same tool object is the one
   * registered). Throws, with the reason, on a bad or duplicate id, a method declared twice, a declared
   * method without a function, or a routing name another tool already uses.
   */
  register(tool: ToolRegistry): () => void
  /** Removes a tool; false when no tool has that id. */
  unregister(toolId: string): boolean
  get(toolId: string): ToolRegistry | undefined
  /** Tools in registration order. */
  list(): ToolRegistry[]
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void
  /** Forces a new version, e.g. after a tool changed what its getMetadata() returns. */
  touch(): void
}

let nextManagerId = 1

/** A new, empty manager with its own id (for tests and embedders; the app uses `toolRegistryManager`). */
export function createToolRegistryManager(): ToolRegistryManager {
  const tools = new Map<string, ToolRegistry>()
  // Routing name -> tool id, kept current so a clash is found without rescanning every tool.
  const routes = new Map<string, string>()
  const listeners = new Set<RegistryListener>()
  let version = 0

  function emit(type: RegistryChange['type'], toolId: string): void {
    version++
    const change: RegistryChange = { type, toolId, version }
    for (const listener of [...listeners]) listener(change)
  }

  const manager: ToolRegistryManager = {
    id: nextManagerId++,
    get version() {
      return version
    },
    register(tool) {
      for (const route of checkTool(tool, tools, routes)) routes.set(route, tool.id)
      tools.set(tool.id, tool)
      emit('register', tool.id)
      return () => {
        if (tools.get(tool.id) === tool) manager.unregister(tool.id)
      }
    },
    unregister(toolId) {
      if (!tools.delete(toolId)) return false
      for (const [route, owner] of routes) if (owner === toolId) routes.delete(route)
      emit('unregister', toolId)
      return true
    },
    get: (toolId) => tools.get(toolId),
    list: () => [...tools.values()],
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    touch() {
      emit('touch', '')
    },
  }
  return manager
}

/**
 * A tool is checked once, when it is registered, so a broken one fails loudly at startup.
 * Returns the routing names it adds.
 */
function checkTool(tool: ToolRegistry, tools: Map<string, ToolRegistry>, routes: Map<string, string>): string[] {
  if (typeof tool.id !== 'string' || !/^[A-Za-z0-9][\w.-]*$/.test(tool.id)) {
    throw new Error(
      `Tool id ${JSON.stringify(tool.id)} is not valid: use letters, digits, "_", "-" and ".", starting with a letter or digit.`,
    )
  }
  if (tools.has(tool.id)) throw new Error(`A tool with id "${tool.id}" is already registered; unregister it first.`)
  if (typeof tool.getMetadata !== 'function') throw new Error(`Tool "${tool.id}" has no getMetadata() function.`)
  const seen = new Set<string>()
  const added: string[] = []
  for (const method of tool.getMetadata().methods) {
    if (seen.has(method.name)) throw new Error(`Tool "${tool.id}" declares method "${method.name}" twice.`)
    seen.add(method.name)
    if (typeof tool.callMethod !== 'function' && typeof tool[method.name] !== 'function') {
      throw new Error(
        `Tool "${tool.id}" declares method "${method.name}" in its metadata but has no function of that name.`,
      )
    }
    const route = routingName(tool.id, method.name)
    const owner = routes.get(route)
    if (owner) throw new Error(`Routing name "${route}" of tool "${tool.id}" is already used by tool "${owner}".`)
    added.push(route)
  }
  return added
}

/** The registry the app uses; tests create their own with createToolRegistryManager(). */
export const toolRegistryManager: ToolRegistryManager = createToolRegistryManager()
