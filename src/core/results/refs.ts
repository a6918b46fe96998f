/**
 * `$VAR_REF{{name}}` and `$VAR_REF{{name:start:length}}` in arguments, replaced by the variable's
 * text before a call runs. References inside a variable are resolved too; a cycle or an unknown
 * name is an error that says which. Names may hold `/` and `.` (rule variables are `Rule/...`).
 */
import { setOwn } from '../own-record'
import { closestNames } from '../text/closest'
import type { VariableStore } from './variables'

const REF = /\$VAR_REF\{\{([^{}:]+?)(?::(\d+))?(?::(\d+))?\}\}/g
const MAX_DEPTH = 32
/**
 * Limits for one call. Variables that each reference the next several times expand
 * exponentially (a model can write such variables with WriteVar): without a limit one call
 * would hang the page. Characters count every copy made while resolving, at every level.
 */
export const MAX_REFERENCES = 10_000
/** The most characters one call's references may produce, every copy at every level counted. */
export const MAX_RESOLVED_CHARACTERS = 20_000_000

/** What one call's resolution has spent so far. */
export interface ResolveBudget {
  references: number
  characters: number
}
const newBudget = (): ResolveBudget => ({ references: 0, characters: 0 })
const grouped = (n: number): string => n.toLocaleString('en-US')

/**
 * Why a call's `$VAR_REF` could not be resolved (unknown name, slice past the end, cycle, too deep,
 * over budget); the message says which, with close names. The planner reports it as `unresolved`.
 */
export class VariableReferenceError extends Error {
  override readonly name = 'VariableReferenceError'
}

/** True when `text` holds a well-formed `$VAR_REF{{...}}`. Reads no store; never throws. */
export function hasVarRefs(text: string): boolean {
  REF.lastIndex = 0
  return REF.test(text)
}

/** The text with every reference replaced. Throws VariableReferenceError. */
export function resolveVarRefsInText(
  text: string,
  store: VariableStore,
  chain: readonly string[] = [],
  budget: ResolveBudget = newBudget(),
): string {
  if (!text.includes('$VAR_REF{{')) return text
  return text.replace(REF, (_match, rawName: string, start?: string, length?: string) => {
    const name = rawName.trim()
    if (chain.includes(name)) throw new VariableReferenceError(`$VAR_REF cycle: ${[...chain, name].join(' -> ')}.`)
    if (chain.length >= MAX_DEPTH)
      throw new VariableReferenceError(`$VAR_REF nesting deeper than ${MAX_DEPTH} levels at "${name}".`)
    if (++budget.references > MAX_REFERENCES) {
      throw new VariableReferenceError(
        `$VAR_REF: more than ${grouped(MAX_REFERENCES)} references to resolve for one call (the last at "${name}"); variables that reference each other repeatedly expand without bound.`,
      )
    }
    const variable = store.read(name)
    if (!variable) {
      const near = closestNames(
        name,
        store.list().map((v) => v.name),
      )
      throw new VariableReferenceError(
        `$VAR_REF{{${name}}}: there is no variable "${name}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ' ListVars shows the variables.'}`,
      )
    }
    const from = start === undefined ? 0 : Number(start)
    if (from > variable.value.length)
      throw new VariableReferenceError(
        `$VAR_REF{{${rawName}:${start}${length === undefined ? '' : ':' + length}}}: start ${from} is past the end of "${name}" (${variable.value.length} characters).`,
      )
    const slice = length === undefined ? variable.value.slice(from) : variable.value.slice(from, from + Number(length))
    const resolved = resolveVarRefsInText(slice, store, [...chain, name], budget)
    budget.characters += resolved.length
    if (budget.characters > MAX_RESOLVED_CHARACTERS) {
      throw new VariableReferenceError(
        `$VAR_REF: resolving this call's references produces more than ${grouped(MAX_RESOLVED_CHARACTERS)} characters (the last at "${name}"); reference a slice ($VAR_REF{{name:start:length}}) instead.`,
      )
    }
    return resolved
  })
}

/** Resolves references in every string inside arguments (objects and arrays too); returns a copy. */
export function resolveVarRefs<T>(value: T, store: VariableStore, budget: ResolveBudget = newBudget()): T {
  if (typeof value === 'string') return resolveVarRefsInText(value, store, [], budget) as T
  if (Array.isArray(value)) return value.map((item: unknown) => resolveVarRefs(item, store, budget)) as T
  if (value !== null && typeof value === 'object') {
    // Own properties only, set as data: a "__proto__" key stays a key, never the copy's prototype.
    const out = Object.create(Object.getPrototypeOf(value) === null ? null : Object.prototype) as Record<
      string,
      unknown
    >
    for (const key of Object.keys(value))
      setOwn(out, key, resolveVarRefs((value as Record<string, unknown>)[key], store, budget))
    return out as T
  }
  return value
}
