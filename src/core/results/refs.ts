/**
 * `$VAR_REF{{name}}` and `$VAR_REF{{name:start:length}}` in arguments, replaced by the variable's
 * text before a call runs. References inside a variable are resolved too; a cycle or an unknown
 * name is an error that says which. Names may hold `/` and `.` (rule variables are `Rule/...`).
 */
import { closestNames } from '../text/closest'
import type { VariableStore } from './variables'

const REF = /\$VAR_REF\{\{([^{}:]+?)(?::(\d+))?(?::(\d+))?\}\}/g
const MAX_DEPTH = 32

export class VariableReferenceError extends Error {
  override readonly name = 'VariableReferenceError'
}

export function hasVarRefs(text: string): boolean {
  REF.lastIndex = 0
  return REF.test(text)
}

/** The text with every reference replaced. Throws VariableReferenceError. */
export function resolveVarRefsInText(text: string, store: VariableStore, chain: readonly string[] = []): string {
  if (!text.includes('$VAR_REF{{')) return text
  return text.replace(REF, (_match, rawName: string, start?: string, length?: string) => {
    const name = rawName.trim()
    if (chain.includes(name)) throw new VariableReferenceError(`$VAR_REF cycle: ${[...chain, name].join(' -> ')}.`)
    if (chain.length >= MAX_DEPTH) throw new VariableReferenceError(`$VAR_REF nesting deeper than ${MAX_DEPTH} levels at "${name}".`)
    const variable = store.read(name)
    if (!variable) {
      const near = closestNames(name, store.list().map((v) => v.name))
      throw new VariableReferenceError(`$VAR_REF{{${name}}}: there is no variable "${name}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ' ListVars shows the variables.'}`)
    }
    const from = start === undefined ? 0 : Number(start)
    if (from > variable.value.length) throw new VariableReferenceError(`$VAR_REF{{${rawName}:${start}${length === undefined ? '' : ':' + length}}}: start ${from} is past the end of "${name}" (${variable.value.length} characters).`)
    const slice = length === undefined ? variable.value.slice(from) : variable.value.slice(from, from + Number(length))
    return resolveVarRefsInText(slice, store, [...chain, name])
  })
}

/** Resolves references in every string inside arguments (objects and arrays too); returns a copy. */
export function resolveVarRefs<T>(value: T, store: VariableStore): T {
  if (typeof value === 'string') return resolveVarRefsInText(value, store) as T
  if (Array.isArray(value)) return value.map((item: unknown) => resolveVarRefs(item, store)) as T
  if (value !== null && typeof value === 'object') {
    const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>
    for (const key of Object.keys(value)) out[key] = resolveVarRefs((value as Record<string, unknown>)[key], store)
    return out as T
  }
  return value
}
