import type { ToolRegistry } from '../../core'
import type { FileEntry, FileStore } from './store'
import { isInside, normalizePath } from './paths'

const MAX_FILE_CHARS = 5_000_000
/** A recursive delete of more files than this asks a person first (in the chat, even under 'auto'). */
export const DELETE_WITHOUT_ASKING = 3

/** `fs`: a virtual file system over a FileStore (IndexedDB in the browser, a folder in Node). */
export function createFileSystemTool(store: FileStore): ToolRegistry {
  async function entriesUnder(directory: string): Promise<FileEntry[]> {
    return (await store.list())
      .filter((entry) => isInside(entry.path, directory) && entry.path !== directory)
      .sort((a, b) => a.path.localeCompare(b.path))
  }

  return {
    id: 'fs',
    name: 'Virtual file system',
    description: `A private file system for the agent, stored in ${store.location}. Directories exist as long as they hold files.`,
    getMetadata: () => ({
      methods: [
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
      ],
    }),
    async tree(args: { path: string; depth: number }) {
      const root = normalizePath(args.path)
      if (args.depth < 1) throw new Error(`depth must be at least 1, got ${args.depth}.`)
      const entries = await entriesUnder(root)
      if (entries.length === 0) {
        if ((await store.read(root)) !== undefined)
          throw new Error(`"${root}" is a file, not a directory; use fs_read.`)
        if (root !== '/') throw new Error(`"${root}" does not exist.`)
        return '/ (empty)'
      }
      return renderTree(root, entries, args.depth)
    },
    async read(args: { path: string }) {
      const path = normalizePath(args.path)
      const content = await store.read(path)
      if (content !== undefined) return content
      const inside = await entriesUnder(path)
      if (inside.length > 0) throw new Error(`"${path}" is a directory; use fs_tree to list it.`)
      throw new Error(`"${path}" does not exist.${await nearby(store, path)}`)
    },
    async write(args: { path: string; content: string; append: boolean }) {
      const path = normalizePath(args.path)
      if (path === '/') throw new Error('cannot write to "/": give a file path such as "/notes.md".')
      if ((await entriesUnder(path)).length > 0)
        throw new Error(`"${path}" is a directory; choose a file path inside it.`)
      for (let dir = parentOf(path); dir !== '/'; dir = parentOf(dir)) {
        if ((await store.read(dir)) !== undefined)
          throw new Error(`"${dir}" is a file, so "${path}" cannot be created inside it.`)
      }
      const content = args.append ? ((await store.read(path)) ?? '') + args.content : args.content
      if (content.length > MAX_FILE_CHARS)
        throw new Error(`the file would hold ${content.length} characters; the limit is ${MAX_FILE_CHARS}.`)
      return store.write(path, content)
    },
    async policy(call: { method: string; args: Record<string, unknown> }) {
      if (call.method !== 'delete' || call.args.recursive !== true || typeof call.args.path !== 'string')
        return undefined
      const count = (await entriesUnder(normalizePath(call.args.path))).length
      return count > DELETE_WITHOUT_ASKING
        ? { ask: `it deletes ${count} files under "${normalizePath(call.args.path)}"` }
        : undefined
    },
    async delete(args: { path: string; recursive: boolean }) {
      const path = normalizePath(args.path)
      if (path === '/')
        throw new Error(
          '"/" is the root: deleting it would erase every file, so it is refused. Delete the folders you mean one by one.',
        )
      if (await store.delete(path)) return { deleted: [path] }
      const inside = await entriesUnder(path)
      if (inside.length === 0) throw new Error(`"${path}" does not exist.${await nearby(store, path)}`)
      if (!args.recursive)
        throw new Error(
          `"${path}" is a directory with ${inside.length} file${inside.length === 1 ? '' : 's'}; pass recursive: true to delete it all.`,
        )
      for (const entry of inside) await store.delete(entry.path)
      return { deleted: inside.map((entry) => entry.path) }
    },
    async exportAll() {
      const snapshot: Record<string, string> = Object.create(null) as Record<string, string>
      for (const entry of (await store.list()).sort((a, b) => a.path.localeCompare(b.path))) {
        snapshot[entry.path] = (await store.read(entry.path)) ?? ''
      }
      return snapshot
    },
    async importAll(args: { files: Record<string, unknown> }) {
      const entries = Object.keys(args.files).map((path): [string, unknown] => [path, args.files[path]])
      const notText = entries.filter(([, content]) => typeof content !== 'string').map(([path]) => `"${path}"`)
      if (notText.length > 0) throw new Error(`every file's content must be text; not text: ${notText.join(', ')}.`)
      // Check everything first, so a bad import leaves the store untouched.
      const files = entries.map(([path, content]) => [normalizePath(path), content as string] as const)
      const root = files.find(([path]) => path === '/')
      if (root) throw new Error('cannot write to "/": give file paths such as "/notes.md".')
      const tooLong = files.filter(([, content]) => content.length > MAX_FILE_CHARS).map(([path]) => `"${path}"`)
      if (tooLong.length > 0) throw new Error(`files over ${MAX_FILE_CHARS} characters: ${tooLong.join(', ')}.`)
      const conflicts = pathConflicts(
        files.map(([path]) => path),
        (await store.list()).map((entry) => entry.path),
      )
      if (conflicts.length > 0) throw new Error(`nothing was imported: ${conflicts.join('; ')}.`)
      // All or nothing: a write that fails puts back what the import had changed.
      const before = new Map<string, string | undefined>()
      try {
        for (const [path, content] of files) {
          if (!before.has(path)) before.set(path, await store.read(path))
          await store.write(path, content)
        }
      } catch (error) {
        for (const [path, previous] of before) {
          if (previous === undefined) await store.delete(path).catch(() => false)
          else await store.write(path, previous).catch(() => undefined)
        }
        throw new Error(
          `nothing was imported: writing failed (${error instanceof Error ? error.message : String(error)}), and the files written so far were put back.`,
        )
      }
      return { written: files.map(([path]) => path) }
    },
    async wipe() {
      const count = (await store.list()).length
      await store.clear()
      return { deleted: count }
    },
  }
}

/**
 * Why importing `paths` next to the `existing` files would make a path both a file and a
 * directory (`/a` and `/a/b.txt`), one sentence per clash; empty when there is none.
 */
function pathConflicts(paths: readonly string[], existing: readonly string[]): string[] {
  const files = new Set([...existing, ...paths])
  const directories = new Map<string, string>()
  for (const path of files)
    for (let dir = parentOf(path); dir !== '/' && !directories.has(dir); dir = parentOf(dir)) directories.set(dir, path)
  const found: string[] = []
  for (const path of new Set(paths)) {
    const inside = directories.get(path)
    if (inside !== undefined) found.push(`"${path}" would be a file, but "${inside}" needs it to be a directory`)
    for (let dir = parentOf(path); dir !== '/'; dir = parentOf(dir)) {
      if (files.has(dir)) {
        found.push(`"${path}" would be inside "${dir}", which is a file`)
        break
      }
    }
  }
  return found
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut <= 0 ? '/' : path.slice(0, cut)
}

/** ` Files nearby: ...` for a path that does not exist: the same directory's files. */
async function nearby(store: FileStore, path: string): Promise<string> {
  const dir = parentOf(path)
  const siblings = (await store.list()).filter((e) => parentOf(e.path) === dir).map((e) => e.path)
  return siblings.length === 0
    ? ''
    : ` Files in "${dir}": ${siblings.sort().slice(0, 10).join(', ')}${siblings.length > 10 ? ', ...' : ''}.`
}

interface DirNode {
  dirs: Map<string, DirNode>
  files: Map<string, number>
}

function renderTree(root: string, entries: FileEntry[], depth: number): string {
  const top: DirNode = { dirs: new Map(), files: new Map() }
  for (const entry of entries) {
    const rest = (root === '/' ? entry.path.slice(1) : entry.path.slice(root.length + 1)).split('/')
    let node = top
    for (const part of rest.slice(0, -1)) {
      let child = node.dirs.get(part)
      if (!child) node.dirs.set(part, (child = { dirs: new Map(), files: new Map() }))
      node = child
    }
    node.files.set(rest[rest.length - 1] as string, entry.size)
  }
  const lines = [root === '/' ? '/' : `${root}/`]
  const walk = (node: DirNode, prefix: string, level: number): void => {
    const items: [string, DirNode | number][] = [
      ...[...node.dirs].sort(([a], [b]) => a.localeCompare(b)),
      ...[...node.files].sort(([a], [b]) => a.localeCompare(b)),
    ]
    items.forEach(([name, item], index) => {
      const last = index === items.length - 1
      const branch = last ? '└── ' : '├── '
      if (typeof item === 'number') {
        lines.push(`${prefix}${branch}${name} (${item} B)`)
      } else if (level >= depth) {
        lines.push(`${prefix}${branch}${name}/ ...`)
      } else {
        lines.push(`${prefix}${branch}${name}/`)
        walk(item, prefix + (last ? '    ' : '│   '), level + 1)
      }
    })
  }
  walk(top, '', 1)
  return lines.join('\n')
}
