/**
 * What each method of the `fs` tool does, over a FileStore. Paths are normalized first; a path is
 * a directory while files exist under it, and nothing may be both a file and a directory.
 */
import type { FileEntry, FileStore } from './store'
import { isInside, normalizePath } from './paths'
import { DELETE_WITHOUT_ASKING, MAX_FILE_CHARS } from './limits'
import { renderTree } from './tree'

/** `fs_tree`: the tree under a directory (`/ (empty)` for an empty file system). */
export async function listTree(store: FileStore, args: { path: string; depth: number }): Promise<string> {
  const root = normalizePath(args.path)
  if (args.depth < 1) throw new Error(`depth must be at least 1, got ${args.depth}.`)
  const entries = await entriesUnder(store, root)
  if (entries.length === 0) {
    if ((await store.read(root)) !== undefined) throw new Error(`"${root}" is a file, not a directory; use fs_read.`)
    if (root !== '/') throw new Error(`"${root}" does not exist.`)
    return '/ (empty)'
  }
  return renderTree(root, entries, args.depth)
}

/** `fs_read`: a file's text; a missing path names the files beside it. */
export async function readFile(store: FileStore, args: { path: string }): Promise<string> {
  const path = normalizePath(args.path)
  const content = await store.read(path)
  if (content !== undefined) return content
  const inside = await entriesUnder(store, path)
  if (inside.length > 0) throw new Error(`"${path}" is a directory; use fs_tree to list it.`)
  throw new Error(`"${path}" does not exist.${await nearby(store, path)}`)
}

/** `fs_write`: creates, replaces or appends to a file, never over a directory or inside a file. */
export async function writeFile(
  store: FileStore,
  args: { path: string; content: string; append: boolean },
): Promise<FileEntry> {
  const path = normalizePath(args.path)
  if (path === '/') throw new Error('cannot write to "/": give a file path such as "/notes.md".')
  if ((await entriesUnder(store, path)).length > 0)
    throw new Error(`"${path}" is a directory; choose a file path inside it.`)
  for (let dir = parentOf(path); dir !== '/'; dir = parentOf(dir)) {
    if ((await store.read(dir)) !== undefined)
      throw new Error(`"${dir}" is a file, so "${path}" cannot be created inside it.`)
  }
  const content = args.append ? ((await store.read(path)) ?? '') + args.content : args.content
  if (content.length > MAX_FILE_CHARS)
    throw new Error(`the file would hold ${content.length} characters; the limit is ${MAX_FILE_CHARS}.`)
  return store.write(path, content)
}

/** The tool's policy: a recursive delete of more than DELETE_WITHOUT_ASKING files asks a person first. */
export async function deletePolicy(
  store: FileStore,
  call: { method: string; args: Record<string, unknown> },
): Promise<{ ask: string } | undefined> {
  if (call.method !== 'delete' || call.args.recursive !== true || typeof call.args.path !== 'string') return undefined
  const count = (await entriesUnder(store, normalizePath(call.args.path))).length
  return count > DELETE_WITHOUT_ASKING
    ? { ask: `it deletes ${count} files under "${normalizePath(call.args.path)}"` }
    : undefined
}

/** `fs_delete`: a file, or a directory's files when `recursive`; never the root. */
export async function deletePath(
  store: FileStore,
  args: { path: string; recursive: boolean },
): Promise<{ deleted: string[] }> {
  const path = normalizePath(args.path)
  if (path === '/')
    throw new Error(
      '"/" is the root: deleting it would erase every file, so it is refused. Delete the folders you mean one by one.',
    )
  if (await store.delete(path)) return { deleted: [path] }
  const inside = await entriesUnder(store, path)
  if (inside.length === 0) throw new Error(`"${path}" does not exist.${await nearby(store, path)}`)
  if (!args.recursive)
    throw new Error(
      `"${path}" is a directory with ${inside.length} file${inside.length === 1 ? '' : 's'}; pass recursive: true to delete it all.`,
    )
  for (const entry of inside) await store.delete(entry.path)
  return { deleted: inside.map((entry) => entry.path) }
}

/** `fs_exportAll`: every file as `{ path: content }`, in path order. */
export async function exportAll(store: FileStore): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = Object.create(null) as Record<string, string>
  for (const entry of (await store.list()).sort((a, b) => a.path.localeCompare(b.path))) {
    snapshot[entry.path] = (await store.read(entry.path)) ?? ''
  }
  return snapshot
}

/** `fs_importAll`: writes every file of `{ path: content }`, all or nothing. */
export async function importAll(
  store: FileStore,
  args: { files: Record<string, unknown> },
): Promise<{ written: string[] }> {
  // Check everything first, so a bad import leaves the store untouched.
  const files = checkedImport(args.files)
  const conflicts = pathConflicts(
    files.map(([path]) => path),
    (await store.list()).map((entry) => entry.path),
  )
  if (conflicts.length > 0) throw new Error(`nothing was imported: ${conflicts.join('; ')}.`)
  await writeAllOrNothing(store, files)
  return { written: files.map(([path]) => path) }
}

/** `fs_wipe`: deletes every file; says how many there were. */
export async function wipe(store: FileStore): Promise<{ deleted: number }> {
  const count = (await store.list()).length
  await store.clear()
  return { deleted: count }
}

/** The files to import with normalized paths; throws when a content is not text, a path is the root, or a file is too long. */
function checkedImport(given: Record<string, unknown>): (readonly [string, string])[] {
  const entries = Object.keys(given).map((path): [string, unknown] => [path, given[path]])
  const notText = entries.filter(([, content]) => typeof content !== 'string').map(([path]) => `"${path}"`)
  if (notText.length > 0) throw new Error(`every file's content must be text; not text: ${notText.join(', ')}.`)
  const files = entries.map(([path, content]) => [normalizePath(path), content as string] as const)
  const root = files.find(([path]) => path === '/')
  if (root) throw new Error('cannot write to "/": give file paths such as "/notes.md".')
  const tooLong = files.filter(([, content]) => content.length > MAX_FILE_CHARS).map(([path]) => `"${path}"`)
  if (tooLong.length > 0) throw new Error(`files over ${MAX_FILE_CHARS} characters: ${tooLong.join(', ')}.`)
  return files
}

/** All or nothing: a write that fails puts back what the import had changed. */
async function writeAllOrNothing(store: FileStore, files: readonly (readonly [string, string])[]): Promise<void> {
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
}

/** The entries strictly under a directory, in path order. */
async function entriesUnder(store: FileStore, directory: string): Promise<FileEntry[]> {
  return (await store.list())
    .filter((entry) => isInside(entry.path, directory) && entry.path !== directory)
    .sort((a, b) => a.path.localeCompare(b.path))
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
