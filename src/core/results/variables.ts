/**
 * The variable cache: every executed call's full result and arguments, kept so a model can
 * read past a cut (`ReadVar`) or pass a result on (`$VAR_REF{{name}}`) without it travelling
 * through the context. Least recently read goes first when full; `keep` and rule variables stay.
 */
import { isRecord } from '../own-record'

export type VariableType = 'result' | 'args' | 'user' | 'rule'

export interface Variable {
  name: string
  value: string
  type: VariableType
  desc?: string
  tags: string[]
  /** Never evicted. Rule variables are never evicted either. */
  keep: boolean
  createdAt: number
  /** The tool and request that produced it, for result and args variables. */
  toolName?: string
  requestId?: string
}

export interface VariableFilter {
  type?: VariableType
  /** Case-insensitive, in the name and the description. */
  search?: string
  tag?: string
}

export interface RemoveOutcome {
  removed: string[]
  /** Rule variables: never removed by name. */
  protectedNames: string[]
  missing: string[]
}

export interface VariableStore {
  /** Adds or replaces a variable; evicts the least recently read ones beyond capacity. */
  set(variable: Omit<Variable, 'createdAt' | 'tags' | 'keep'> & Partial<Pick<Variable, 'tags' | 'keep'>>): Variable
  /** Reads a variable and marks it as just read. */
  read(name: string): Variable | undefined
  /** Looks without marking it read (for the UI). */
  peek(name: string): Variable | undefined
  has(name: string): boolean
  list(filter?: VariableFilter): Variable[]
  remove(names: readonly string[], options?: { allowRules?: boolean }): RemoveOutcome
  clear(): void
  readonly size: number
  readonly capacity: number
  /** Called after every change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

export const DEFAULT_VARIABLE_CAPACITY = 1000

const VARIABLE_TYPES: readonly unknown[] = ['result', 'args', 'user', 'rule'] satisfies VariableType[]

/**
 * Variables saved earlier (IndexedDB, a file), read back one by one: those a store can take, and
 * how many could not be read (a saved value that is no list counts as one).
 */
export function readSavedVariables(saved: unknown): { variables: Variable[]; unreadable: number } {
  if (saved === undefined) return { variables: [], unreadable: 0 }
  if (!Array.isArray(saved)) return { variables: [], unreadable: 1 }
  const variables = saved.filter(isSavedVariable)
  return { variables, unreadable: saved.length - variables.length }
}

function isSavedVariable(value: unknown): value is Variable {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    typeof value.value === 'string' &&
    VARIABLE_TYPES.includes(value.type) &&
    (value.desc === undefined || typeof value.desc === 'string') &&
    Array.isArray(value.tags) &&
    value.tags.every((t) => typeof t === 'string') &&
    typeof value.keep === 'boolean' &&
    (value.toolName === undefined || typeof value.toolName === 'string') &&
    (value.requestId === undefined || typeof value.requestId === 'string')
  )
}

export function createVariableStore(options: { capacity?: number; now?: () => number } = {}): VariableStore {
  const capacity = options.capacity ?? DEFAULT_VARIABLE_CAPACITY
  const now = options.now ?? Date.now
  // Map order is recency order: reading a variable moves it to the end.
  const entries = new Map<string, Variable>()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  const evictable = (variable: Variable) => !variable.keep && variable.type !== 'rule'

  function evict(): void {
    if (entries.size <= capacity) return
    for (const [name, variable] of entries) {
      if (entries.size <= capacity) break
      if (evictable(variable)) entries.delete(name)
    }
  }

  function touch(variable: Variable): void {
    entries.delete(variable.name)
    entries.set(variable.name, variable)
  }

  return {
    set(input) {
      const variable: Variable = { ...input, tags: input.tags ?? [], keep: input.keep ?? false, createdAt: now() }
      entries.delete(variable.name)
      entries.set(variable.name, variable)
      evict()
      notify()
      return variable
    },
    read(name) {
      const variable = entries.get(name)
      if (variable) touch(variable)
      return variable
    },
    peek: (name) => entries.get(name),
    has: (name) => entries.has(name),
    list(filter = {}) {
      const search = filter.search?.toLowerCase()
      return [...entries.values()].filter(
        (v) =>
          (!filter.type || v.type === filter.type) &&
          (!filter.tag || v.tags.includes(filter.tag)) &&
          (!search || v.name.toLowerCase().includes(search) || (v.desc ?? '').toLowerCase().includes(search)),
      )
    },
    remove(names, { allowRules = false } = {}) {
      const outcome: RemoveOutcome = { removed: [], protectedNames: [], missing: [] }
      for (const name of names) {
        const variable = entries.get(name)
        if (!variable) outcome.missing.push(name)
        else if (variable.type === 'rule' && !allowRules) outcome.protectedNames.push(name)
        else {
          entries.delete(name)
          outcome.removed.push(name)
        }
      }
      if (outcome.removed.length > 0) notify()
      return outcome
    },
    clear() {
      entries.clear()
      notify()
    },
    get size() {
      return entries.size
    },
    capacity,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The names a call's variables get: tool and request id, unique within a session. */
export function resultVariableName(routingName: string, requestId: string): string {
  return `${routingName}/${requestId}/result`
}

export function argsVariableName(routingName: string, requestId: string): string {
  return `${routingName}/${requestId}/args`
}
