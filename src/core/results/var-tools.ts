/**
 * `vars`: the variable tools a model can call. They work on the variable store of the run that
 * calls them (the executor hands it over in the call context).
 */
import type { ToolRegistry } from '../types'
import type { ToolCallContext } from '../execution/executor'
import type { Variable, VariableStore, VariableType } from './variables'

const TYPES: VariableType[] = ['result', 'args', 'user', 'rule']

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

export function createVariableTools(): ToolRegistry {
  return {
    id: 'vars',
    name: 'Variables',
    description:
      'Full tool results and arguments kept as variables, to read past a cut or pass on with $VAR_REF{{name}}.',
    // Reading a variable is cut from the head only: the hint then continues in order, in the
    // variable that was read rather than in a copy of it.
    truncation: 'head',
    readOnAt(resumeAt: number, args: Record<string, unknown>, method: string) {
      const { name, start, length } = args
      if (method !== 'ReadVar' || typeof name !== 'string' || typeof start !== 'number') return undefined
      return typeof length === 'number'
        ? { name, start: start + resumeAt, length: Math.max(0, length - resumeAt) }
        : { name, start: start + resumeAt }
    },
    getMetadata: () => ({
      methods: [
        {
          name: 'ListVars',
          description: 'Lists variables (name, type, size), newest first, a page at a time.',
          agentCallable: true,
          returns: {
            type: 'object',
            description: '{ total, page, pageSize, items: [{ name, type, chars, desc?, tags? }] }',
          },
          example: JSON.stringify({ filter: { search: 'fs_read' }, page: 1, pageSize: 25 }),
          parameters: [
            {
              name: 'filter',
              type: 'object',
              required: false,
              properties: [
                { name: 'type', type: 'enum', enumValues: TYPES, required: false },
                { name: 'search', type: 'string', required: false, description: 'Part of the name or description.' },
                { name: 'tag', type: 'string', required: false },
              ],
            },
            { name: 'page', type: 'integer', required: false, defaultValue: 1 },
            { name: 'pageSize', type: 'integer', required: false, defaultValue: 25 },
          ],
        },
        {
          name: 'ReadVar',
          description: 'Reads a variable, from `start` for `length` characters (to the end by default).',
          agentCallable: true,
          returns: { type: 'string', description: 'The text of that part of the variable.' },
          example: JSON.stringify({ name: 'fs_read/req-1/result', start: 4000 }),
          parameters: [
            { name: 'name', type: 'string' },
            { name: 'start', type: 'integer', required: false, defaultValue: 0 },
            {
              name: 'length',
              type: 'integer',
              required: false,
              description: 'Characters to read; the rest by default.',
            },
          ],
        },
        {
          name: 'WriteVar',
          description: 'Stores text as a variable (replacing one of the same name), e.g. a result to pass on later.',
          agentCallable: true,
          returns: { type: 'string', description: 'A confirmation with the reference to use.' },
          example: JSON.stringify({
            name: 'notes/summary',
            value: 'Three files mention the bug.',
            desc: 'what I found so far',
            tags: ['notes'],
          }),
          parameters: [
            { name: 'name', type: 'string', description: 'Letters, digits and _ - . / ; no ":", "{" or "}".' },
            { name: 'value', type: 'string' },
            { name: 'desc', type: 'string', required: false },
            { name: 'tags', type: 'array', items: { name: 'tag', type: 'string' }, required: false },
          ],
        },
        {
          name: 'RemoveVars',
          description: 'Removes variables by name. Rule variables cannot be removed.',
          agentCallable: true,
          returns: { type: 'object', description: '{ removed, protected, missing }: names in each case.' },
          example: JSON.stringify({ names: ['notes/summary'] }),
          parameters: [{ name: 'names', type: 'array', items: { name: 'name', type: 'string' } }],
        },
      ],
    }),
    ListVars(
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
    },
    ReadVar(args: { name: string; start: number; length?: number }, context: ToolCallContext) {
      const store = storeOf(context)
      const variable = store.read(args.name)
      if (!variable) throw new Error(`There is no variable "${args.name}". ListVars shows the variables.`)
      if (args.start < 0 || args.start > variable.value.length)
        throw new Error(
          `start must be between 0 and ${variable.value.length} (the length of "${args.name}"), got ${args.start}.`,
        )
      if (args.length !== undefined && args.length < 0)
        throw new Error(`length cannot be negative, got ${args.length}.`)
      return args.length === undefined
        ? variable.value.slice(args.start)
        : variable.value.slice(args.start, args.start + args.length)
    },
    WriteVar(args: { name: string; value: string; desc?: string; tags?: string[] }, context: ToolCallContext) {
      if (!/^[^\s:{}]+$/.test(args.name))
        throw new Error(
          `"${args.name}" cannot be a variable name: use letters, digits and _ - . / without spaces, ":", "{" or "}".`,
        )
      const store = storeOf(context)
      if (store.peek(args.name)?.type === 'rule')
        throw new Error(`"${args.name}" is a rule variable and cannot be replaced.`)
      store.set({ name: args.name, value: args.value, type: 'user', desc: args.desc, tags: args.tags ?? [] })
      return `Stored "${args.name}" (${args.value.length} characters). Use $VAR_REF{{${args.name}}} in any argument.`
    },
    RemoveVars(args: { names: string[] }, context: ToolCallContext) {
      const outcome = storeOf(context).remove(args.names)
      return { removed: outcome.removed, protected: outcome.protectedNames, missing: outcome.missing }
    },
  }
}
