/** The methods of the `fs` tool as a model and the workbench see them: names, parameters, examples. */
import type { MethodMetadata } from '../../core'
import { DELETE_WITHOUT_ASKING } from './limits'

/** Every method of the `fs` tool, made anew on each call. */
export function fileSystemMethods(): MethodMetadata[] {
  return [...agentMethods(), ...peopleOnlyMethods()]
}

/** What a model may call: list, read, write and delete. */
function agentMethods(): MethodMetadata[] {
  return [
    {
      name: 'tree',
      displayName: 'List a directory tree',
      description: 'Lists the files and directories under a path as an indented tree with file sizes.',
      agentCallable: true,
      parameters: [
        { name: 'path', type: 'string', required: false, defaultValue: '/' },
        {
          name: 'depth',
          type: 'integer',
          required: false,
          defaultValue: 8,
          description: 'How many directory levels to show.',
        },
      ],
      returns: { type: 'string', description: 'the tree as text' },
      example: JSON.stringify({ path: '/', depth: 2 }),
    },
    {
      name: 'read',
      displayName: 'Read a file',
      description: 'Returns the text content of a file.',
      agentCallable: true,
      parameters: [{ name: 'path', type: 'string', description: 'Absolute path, e.g. "/notes/todo.md".' }],
      returns: { type: 'string' },
      example: JSON.stringify({ path: '/notes/todo.md' }),
    },
    {
      name: 'write',
      displayName: 'Write a file',
      description: 'Creates or replaces a text file (or appends to it). Missing directories are created.',
      agentCallable: true,
      parameters: [
        { name: 'path', type: 'string' },
        { name: 'content', type: 'string', description: 'Text, kept verbatim.' },
        { name: 'append', type: 'boolean', required: false, defaultValue: false },
      ],
      returns: { type: 'object', description: '{ path, size, modified }' },
      example: JSON.stringify({ path: '/notes/todo.md', content: '- buy milk\n', append: false }),
    },
    {
      name: 'delete',
      displayName: 'Delete a file or directory',
      description:
        'Deletes a file, or a directory with everything in it when recursive is true. The root "/" cannot be deleted, ' +
        `and deleting more than ${DELETE_WITHOUT_ASKING} files at once waits for the user's approval.`,
      agentCallable: true,
      parameters: [
        { name: 'path', type: 'string' },
        { name: 'recursive', type: 'boolean', required: false, defaultValue: false },
      ],
      returns: { type: 'object', description: '{ deleted: paths }' },
      example: JSON.stringify({ path: '/notes/todo.md' }),
    },
  ]
}

/** What only a person may call: wipe, export and import every file. */
function peopleOnlyMethods(): MethodMetadata[] {
  return [
    {
      name: 'wipe',
      displayName: 'Wipe the file system',
      description: 'Deletes every file. For people only: a model cannot call it.',
      agentCallable: false,
      parameters: [],
      returns: { type: 'object', description: '{ deleted: count }' },
      example: '{}',
    },
    {
      name: 'exportAll',
      displayName: 'Export every file',
      description:
        'Every file as one JSON object { path: content }, for a backup. For people only: a model cannot call it.',
      agentCallable: false,
      parameters: [],
      returns: { type: 'object', description: '{ "/path": "content", ... }' },
      example: '{}',
    },
    {
      name: 'importAll',
      displayName: 'Import files',
      description:
        'Writes every file of a { path: content } object (as exportAll makes), replacing files with the same path. For people only.',
      agentCallable: false,
      parameters: [{ name: 'files', type: 'object', description: 'Paths mapped to text contents.' }],
      returns: { type: 'object', description: '{ written: paths }' },
      example: JSON.stringify({ files: { '/notes/a.md': '# A' } }),
    },
  ]
}
