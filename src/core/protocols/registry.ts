import type { ToolCallingProtocol } from './protocol'
import { vcpProtocol } from './vcp'
import { jsonBlockProtocol } from './json/json-block'
import { xmlProtocol } from './json/xml-tag'
import { hermesProtocol } from './json/hermes'

/** Text protocols by id, in registration order. */
export interface ProtocolRegistry {
  /** Adds a protocol; throws when its id is already registered. */
  register(protocol: ToolCallingProtocol): void
  /** The protocol with this id, or undefined. */
  get(id: string): ToolCallingProtocol | undefined
  /** Like get(), but an unknown id is an error that lists the known ones. */
  require(id: string): ToolCallingProtocol
  /** A copy of the registered protocols, in registration order. */
  list(): ToolCallingProtocol[]
}

/** A new registry holding `initial` in order (separate from the app's `protocolRegistry`); throws on a duplicate id. */
export function createProtocolRegistry(initial: ToolCallingProtocol[] = []): ProtocolRegistry {
  const protocols = new Map<string, ToolCallingProtocol>()
  const registry: ProtocolRegistry = {
    register(protocol) {
      if (protocols.has(protocol.id)) throw new Error(`A protocol with id "${protocol.id}" is already registered`)
      protocols.set(protocol.id, protocol)
    },
    get: (id) => protocols.get(id),
    require(id) {
      const protocol = protocols.get(id)
      if (!protocol) {
        throw new Error(`Unknown protocol "${id}". Registered protocols: ${[...protocols.keys()].join(', ') || 'none'}`)
      }
      return protocol
    },
    list: () => [...protocols.values()],
  }
  for (const protocol of initial) registry.register(protocol)
  return registry
}

/** The application's protocols. A new protocol is one file plus one line here. */
export const protocolRegistry: ProtocolRegistry = createProtocolRegistry([
  vcpProtocol,
  jsonBlockProtocol,
  xmlProtocol,
  hermesProtocol,
])
