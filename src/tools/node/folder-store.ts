/**
 * The virtual file system in a real folder (Node). Virtual `/a/b.txt` is `<root>/a/b.txt`;
 * paths are normalised before they get here, and symbolic links are never followed, so nothing
 * outside the folder is read or written.
 */
import { lstat, mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { FileEntry, FileStore } from '../files/store'

/**
 * A file store in `folder` (resolved now; created on the first write). A path through a symbolic
 * link is refused with an error; emptied directories are removed; `clear()` empties the whole folder.
 */
export function createFolderFileStore(folder: string): FileStore {
  const root = resolve(folder)
  const real = (path: string): string => join(root, ...path.split('/').filter(Boolean))

  /** Refuses a path whose file or any parent directory is a symbolic link. */
  async function checkNoLinks(path: string): Promise<void> {
    let at = root
    for (const part of path.split('/').filter(Boolean)) {
      at = join(at, part)
      const info = await lstat(at).catch(() => undefined)
      if (!info) return
      if (info.isSymbolicLink())
        throw new Error(`"${path}" passes through a symbolic link in the store folder, which is not followed.`)
    }
  }

  async function walk(dir: string, prefix: string, out: FileEntry[]): Promise<void> {
    const items = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    for (const item of items) {
      const full = join(dir, item.name)
      if (item.isDirectory()) await walk(full, `${prefix}/${item.name}`, out)
      else if (item.isFile()) {
        const info = await lstat(full)
        out.push({ path: `${prefix}/${item.name}`, size: info.size, modified: Math.round(info.mtimeMs) })
      }
    }
  }

  return {
    location: `the folder ${root}`,
    async list() {
      const out: FileEntry[] = []
      await walk(root, '', out)
      return out
    },
    async read(path) {
      await checkNoLinks(path)
      const info = await lstat(real(path)).catch(() => undefined)
      if (!info?.isFile()) return undefined
      return readFile(real(path), 'utf8')
    },
    async write(path, content) {
      await checkNoLinks(path)
      const target = real(path)
      await mkdir(join(target, '..'), { recursive: true })
      await writeFile(target, content, 'utf8')
      const info = await lstat(target)
      return { path, size: info.size, modified: Math.round(info.mtimeMs) }
    },
    async delete(path) {
      await checkNoLinks(path)
      const target = real(path)
      const info = await lstat(target).catch(() => undefined)
      if (!info?.isFile()) return false
      await rm(target)
      // Directories exist only while they hold files.
      for (let dir = join(target, '..'); dir !== root && dir.startsWith(root); dir = join(dir, '..')) {
        if ((await readdir(dir)).length > 0) break
        await rmdir(dir)
      }
      return true
    },
    async clear() {
      const items = await readdir(root).catch(() => [] as string[])
      for (const item of items) await rm(join(root, item), { recursive: true, force: true })
    },
  }
}
