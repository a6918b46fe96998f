/**
 * The variable cache: every executed call's full result and arguments, kept so a model can
 * read past a cut (`ReadVar`) or pass a result on (`$VAR_REF{{name}}`) without it travelling
 * through the context. Least recently read goes first when full; `keep` and rule variables stay.
 */
import { isRecord } from '../own-record'

/**
 * Where a variable came from: a call's full `result` or its `args`, written by the model or a person
 * (`user`), or a group's skill `rule` (never evicted, removed only on purpose).
 */
export type VariableType = 'result' | 'args' | 'user' | 'rule'

/** One stored text value with its metadata; plain data, safe to save. */
export interface Variable {
  /** Unique in its store; `$VAR_REF{{name}}` refers to it. */
  name: string
  value: string
  type: VariableType
  /** A short description, listed and searched. */
  desc?: string
  tags: string[]
  /** Never evicted. Rule variables are never evicted either. */
  keep: boolean
  /** When it was last set, in the store's clock (epoch ms by default). */
  createdAt: number
  /** The tool and request that produced it, for result and args variables. */
  toolName?: string
  requestId?: string
}

/** Which variables `list` returns; every given condition must hold. */
export interface VariableFilter {
  type?: VariableType
  /** Case-insensitive, in the name and the description. */
  search?: string
  tag?: string
}

/** What `remove` did with each name it was given. */
export interface RemoveOutcome {
  removed: string[]
  /** Rule variables: never removed by name. */
  protectedNames: string[]
  /** Names no variable has. */
  missing: string[]
}

/**
 * A bounded, in-memory store of variables in recency order. Past capacity the least recently read or
 * set go first, but `keep` and rule variables are never evicted (so `size` can exceed `capacity`).
 */
export interface VariableStore {
  /** Adds or replaces a variable; evicts the least recently read ones beyond capacity. */
  set(variable: Omit<Variable, 'createdAt' | 'tags' | 'keep'> & Partial<Pick<Variable, 'tags' | 'keep'>>): Variable
  /** Reads a variable and marks it as just read. */
  read(name: string): Variable | undefined
  /** Looks without marking it read (for the UI). */
  peek(name: string): Variable | undefined
  has(name: string): boolean
  /** The variables that match, least recently read or set first; reading nothing. */
  list(filter?: VariableFilter): Variable[]
  /** Removes variables by name; rule variables only with `allowRules`. */
  remove(names: readonly string[], options?: { allowRules?: boolean }): RemoveOutcome
  /** Removes every variable, rules and kept ones included. */
  clear(): void
  readonly size: number
  readonly capacity: number
  /** Called after every set, remove and clear (not after a read). Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/** How many variables a store holds before it evicts, unless told otherwise. */
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

/** A new, empty store: `capacity` defaults to `DEFAULT_VARIABLE_CAPACITY`, `now` (for `createdAt`) to `Date.now`. */
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

/** The name of the variable that holds a call's arguments (as JSON): `routingName/requestId/args`. */
export function argsVariableName(routingName: string, requestId: string): string {
  return `${routingName}/${requestId}/args`
}
