/**
 * `vars`: the variable tools a model can call. They work on the variable store of the run that
 * calls them (the executor hands it over in the call context).
 */
import type { ToolRegistry } from '../types'
import type { ToolCallContext } from '../execution/executor'
import type { Variable, VariableStore, VariableType } from './variables'
import { variableToolMethods } from './var-tool-methods'

function storeOf(context: ToolCallContext): VariableStore {
  if (!context.variables) throw new Error('This run has no variable store, so there are no variables to use.')
  return context.variables
}

function summary(v: Variable) {
  return {
    name: v.name,
    type: v.type,
    chars: v.value.length,
    ...(v.desc ? { desc: v.desc } : {}),
    ...(v.tags.length ? { tags: v.tags } : {}),
    ...(v.keep ? { keep: true } : {}),
  }
}

/** `vars`: list, read, write and remove the variables of the run that calls them. */
export function createVariableTools(): ToolRegistry {
  return {
    id: 'vars',
    name: 'Variables',
    description:
      'Full tool results and arguments kept as variables, to read past a cut or pass on with $VAR_REF{{name}}.',
    // Reading a variable is cut from the head only: the hint then continues in order, in the
    // variable that was read rather than in a copy of it.
    truncation: 'head',
    readOnAt,
    getMetadata: () => ({ methods: variableToolMethods() }),
    ListVars: listVars,
    ReadVar: readVar,
    WriteVar: writeVar,
    RemoveVars: removeVars,
  }
}

/** Where a cut ReadVar goes on: the same variable, from where the cut text stopped. */
function readOnAt(resumeAt: number, args: Record<string, unknown>, method: string) {
  const { name, start, length } = args
  if (method !== 'ReadVar' || typeof name !== 'string' || typeof start !== 'number') return undefined
  return typeof length === 'number'
    ? { name, start: start + resumeAt, length: Math.max(0, length - resumeAt) }
    : { name, start: start + resumeAt }
}

/** `vars_ListVars`: one page of the variables, newest first. */
function listVars(
  args: { filter?: { type?: VariableType; search?: string; tag?: string }; page: number; pageSize: number },
  context: ToolCallContext,
) {
  if (args.page < 1 || args.pageSize < 1)
    throw new Error(`page and pageSize start at 1; got page ${args.page}, pageSize ${args.pageSize}.`)
  const all = storeOf(context)
    .list(args.filter ?? {})
    .reverse()
  const items = all.slice((args.page - 1) * args.pageSize, args.page * args.pageSize).map(summary)
  return { total: all.length, page: args.page, pageSize: args.pageSize, items }
}

/** `vars_ReadVar`: part of a variable's text, from `start` for `length` characters (to the end by default). */
function readVar(args: { name: string; start: number; length?: number }, context: ToolCallContext): string {
  const store = storeOf(context)
  const variable = store.read(args.name)
  if (!variable) throw new Error(`There is no variable "${args.name}". ListVars shows the variables.`)
  if (args.start < 0 || args.start > variable.value.length)
    throw new Error(
      `start must be between 0 and ${variable.value.length} (the length of "${args.name}"), got ${args.start}.`,
    )
  if (args.length !== undefined && args.length < 0) throw new Error(`length cannot be negative, got ${args.length}.`)
  return args.length === undefined
    ? variable.value.slice(args.start)
    : variable.value.slice(args.start, args.start + args.length)
}

/** `vars_WriteVar`: stores text as a user variable; a rule variable cannot be replaced. */
function writeVar(
  args: { name: string; value: string; desc?: string; tags?: string[] },
  context: ToolCallContext,
): string {
  if (!/^[^\s:{}]+$/.test(args.name))
    throw new Error(
      `"${args.name}" cannot be a variable name: use letters, digits and _ - . / without spaces, ":", "{" or "}".`,
    )
  const store = storeOf(context)
  if (store.peek(args.name)?.type === 'rule')
    throw new Error(`"${args.name}" is a rule variable and cannot be replaced.`)
  store.set({ name: args.name, value: args.value, type: 'user', desc: args.desc, tags: args.tags ?? [] })
  return `Stored "${args.name}" (${args.value.length} characters). Use $VAR_REF{{${args.name}}} in any argument.`
}

/** `vars_RemoveVars`: removes variables by name; says which were removed, protected or missing. */
function removeVars(args: { names: string[] }, context: ToolCallContext) {
  const outcome = storeOf(context).remove(args.names)
  return { removed: outcome.removed, protected: outcome.protectedNames, missing: outcome.missing }
}
