/** The methods of the `vars` tools as a model and the workbench see them: names, parameters, examples. */
import type { MethodMetadata } from '../types'
import type { VariableType } from './variables'

const TYPES: VariableType[] = ['result', 'args', 'user', 'rule']

/** Every method of the `vars` tool, made anew on each call. */
export function variableToolMethods(): MethodMetadata[] {
  return [
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
  ]
}
