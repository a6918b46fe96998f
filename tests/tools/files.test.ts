import { afterEach, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, rm, symlink, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFileSystemTool, createMemoryFileStore, type FileStore } from '../../src/tools'
import { createFolderFileStore } from '../../src/tools/node'
import { caller } from './helpers'

const folders: string[] = []
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'vcp-fs-'))
  folders.push(folder)
  return folder
}

const stores: [string, () => Promise<FileStore>][] = [
  ['memory', async () => createMemoryFileStore(() => 1000)],
  ['folder', async () => createFolderFileStore(await tempFolder())],
]

describe.each(stores)('fs tool over the %s store', (_name, makeStore) => {
  it('an import that would make a path both a file and a directory writes nothing (the folder store stopped half-way)', async () => {
    const call = caller(createFileSystemTool(await makeStore()))
    const user = { caller: 'user' as const }
    await call('fs_write', { path: '/a/x.md', content: 'X' })
    expect(
      (await call('fs_importAll', { files: '{"/new.md": "N", "/ok": "1", "/ok/inner.txt": "2"}' }, user)).result,
    ).toBe(
      '"fs_importAll" failed: nothing was imported: "/ok" would be a file, but "/ok/inner.txt" needs it to be a directory; "/ok/inner.txt" would be inside "/ok", which is a file.',
    )
    expect((await call('fs_importAll', { files: '{"/new.md": "N", "/a": "clash"}' }, user)).result).toBe(
      '"fs_importAll" failed: nothing was imported: "/a" would be a file, but "/a/x.md" needs it to be a directory.',
    )
    expect(JSON.parse((await call('fs_exportAll', {}, user)).result)).toEqual({ '/a/x.md': 'X' })
  })

  it('writes, lists a tree, reads, appends and deletes', async () => {
    const call = caller(createFileSystemTool(await makeStore()))
    expect((await call('fs_tree')).result).toBe('/ (empty)')
    expect((await call('fs_write', { path: '/notes/todo.md', content: '- milk\n' })).status).toBe('success')
    await call('fs_write', { path: 'notes/./deep/../b.txt', content: '世界' })
    await call('fs_write', { path: '/a.txt', content: 'a' })
    await call('fs_write', { path: '/notes/todo.md', content: '- eggs\n', append: 'true' })
    expect((await call('fs_tree')).result).toBe(
      ['/', '├── notes/', '│   ├── b.txt (6 B)', '│   └── todo.md (14 B)', '└── a.txt (1 B)'].join('\n'),
    )
    expect((await call('fs_tree', { path: '/', depth: '1' })).result).toBe(
      ['/', '├── notes/ ...', '└── a.txt (1 B)'].join('\n'),
    )
    expect((await call('fs_read', { path: '/notes/todo.md' })).result).toBe('- milk\n- eggs\n')
    expect((await call('fs_delete', { path: '/notes' })).result).toBe(
      '"fs_delete" failed: "/notes" is a directory with 2 files; pass recursive: true to delete it all.',
    )
    expect(JSON.parse((await call('fs_delete', { path: '/notes', recursive: 'true' })).result)).toEqual({
      deleted: ['/notes/b.txt', '/notes/todo.md'],
    })
    expect((await call('fs_tree')).result).toBe('/\n└── a.txt (1 B)')
  })

  it('gives clear errors for missing files, directories and escapes', async () => {
    const call = caller(createFileSystemTool(await makeStore()))
    await call('fs_write', { path: '/d/x.txt', content: 'x' })
    expect((await call('fs_read', { path: '/d/y.txt' })).result).toBe(
      '"fs_read" failed: "/d/y.txt" does not exist. Files in "/d": /d/x.txt.',
    )
    expect((await call('fs_read', { path: '/d' })).result).toBe(
      '"fs_read" failed: "/d" is a directory; use fs_tree to list it.',
    )
    expect((await call('fs_read', { path: '/../etc/passwd' })).result).toBe(
      '"fs_read" failed: path "/../etc/passwd" goes above the root "/".',
    )
    expect((await call('fs_write', { path: '/d', content: '' })).result).toBe(
      '"fs_write" failed: "/d" is a directory; choose a file path inside it.',
    )
    expect((await call('fs_write', { path: '/d/x.txt/z', content: '' })).result).toBe(
      '"fs_write" failed: "/d/x.txt" is a file, so "/d/x.txt/z" cannot be created inside it.',
    )
    expect((await call('fs_tree', { path: '/nope' })).result).toBe('"fs_tree" failed: "/nope" does not exist.')
    expect((await call('fs_delete', { path: '/nope' })).result).toBe('"fs_delete" failed: "/nope" does not exist.')
  })

  it('wipe is for people only', async () => {
    const call = caller(createFileSystemTool(await makeStore()))
    await call('fs_write', { path: '/x', content: '1' })
    expect((await call('fs_wipe')).status).toBe('denied')
    expect(await call('fs_wipe', {}, { caller: 'user' })).toMatchObject({
      status: 'success',
      result: '{\n  "deleted": 1\n}',
    })
  })
})

describe('folder store', () => {
  it('persists: a new store over the same folder sees the files, which are real files', async () => {
    const folder = await tempFolder()
    await caller(createFileSystemTool(createFolderFileStore(folder)))('fs_write', {
      path: '/keep/me.txt',
      content: 'still here',
    })
    expect(await readFile(join(folder, 'keep', 'me.txt'), 'utf8')).toBe('still here')
    expect(
      (await caller(createFileSystemTool(createFolderFileStore(folder)))('fs_read', { path: '/keep/me.txt' })).result,
    ).toBe('still here')
  })

  it('does not follow symbolic links out of the folder', async () => {
    const folder = await tempFolder()
    const outside = await tempFolder()
    await writeFile(join(outside, 'secret.txt'), 'secret')
    await mkdir(join(folder, 'in'))
    await symlink(outside, join(folder, 'in', 'link'))
    const call = caller(createFileSystemTool(createFolderFileStore(folder)))
    expect((await call('fs_read', { path: '/in/link/secret.txt' })).result).toBe(
      '"fs_read" failed: "/in/link/secret.txt" passes through a symbolic link in the store folder, which is not followed.',
    )
    expect((await call('fs_tree')).result).toBe('/ (empty)')
  })
})

describe('fs export and import (for people)', () => {
  it('round-trips a snapshot and refuses a bad one without writing anything', async () => {
    const call = caller(createFileSystemTool(createMemoryFileStore()))
    const user = { caller: 'user' as const }
    await call('fs_write', { path: '/b.md', content: 'B' })
    await call('fs_write', { path: '/a/x.md', content: 'X' })
    const snapshot = (await call('fs_exportAll', {}, user)).result
    expect(JSON.parse(snapshot)).toEqual({ '/a/x.md': 'X', '/b.md': 'B' })
    await call('fs_wipe', {}, user)
    expect(JSON.parse((await call('fs_importAll', { files: snapshot }, user)).result)).toEqual({
      written: ['/a/x.md', '/b.md'],
    })
    expect((await call('fs_read', { path: '/a/x.md' })).result).toBe('X')
    expect((await call('fs_importAll', { files: '{"/ok.md": "1", "/n.md": 2}' }, user)).result).toBe(
      '"fs_importAll" failed: every file\'s content must be text; not text: "/n.md".',
    )
    expect((await call('fs_importAll', { files: '{"/ok.md": "1", "/../x": "2"}' }, user)).result).toBe(
      '"fs_importAll" failed: path "/../x" goes above the root "/".',
    )
    expect((await call('fs_read', { path: '/ok.md' })).status).toBe('error')
    expect((await call('fs_exportAll')).status).toBe('denied')
  })
})

describe('fs tool: deletes a model cannot make unseen', () => {
  const withFiles = async (n: number) => {
    const call = caller(createFileSystemTool(createMemoryFileStore(() => 1000)))
    for (let k = 0; k < n; k++) await call('fs_write', { path: `/docs/${k}.md`, content: 'x' })
    return call
  }

  it('refuses the root, and says why (it wiped everything)', async () => {
    const call = await withFiles(2)
    expect(await call('fs_delete', { path: '/', recursive: 'true' })).toMatchObject({
      status: 'error',
      result:
        '"fs_delete" failed: "/" is the root: deleting it would erase every file, so it is refused. Delete the folders you mean one by one.',
    })
    expect((await call('fs_tree', { path: '/' })).result).toContain('0.md')
  })

  it('a recursive delete of more than three files asks the approver, with the reason, even when confirmation is off', async () => {
    const call = await withFiles(5)
    const asked: (string | undefined)[] = []
    const declined = await call(
      'fs_delete',
      { path: '/docs', recursive: 'true' },
      { onBeforeExecute: (pending) => (asked.push(pending.approvalReason), { approved: false, reason: 'no' }) },
    )
    expect(asked).toEqual(['it deletes 5 files under "/docs"'])
    expect(declined).toMatchObject({
      status: 'denied',
      result: 'The user declined the call to "fs_delete". Reason: no',
    })
    const small = await withFiles(3)
    const none: unknown[] = []
    expect(
      (
        await small(
          'fs_delete',
          { path: '/docs', recursive: 'true' },
          { onBeforeExecute: (pending) => (none.push(pending), true) },
        )
      ).status,
    ).toBe('success')
    expect(none).toEqual([])
  })
})

describe('fs_importAll: all or nothing', () => {
  it('a write that fails half-way puts back what the import had changed', async () => {
    const store = createMemoryFileStore(() => 1000)
    const call = caller(createFileSystemTool(store))
    const user = { caller: 'user' as const }
    await call('fs_write', { path: '/keep.md', content: 'old' })
    const write = store.write.bind(store)
    let writes = 0
    store.write = async (path, content) => {
      if (++writes === 3) throw new Error('disk full')
      return write(path, content)
    }
    expect(
      (await call('fs_importAll', { files: '{"/keep.md": "new", "/b.md": "B", "/c.md": "C"}' }, user)).result,
    ).toBe(
      '"fs_importAll" failed: nothing was imported: writing failed (disk full), and the files written so far were put back.',
    )
    store.write = write
    expect(JSON.parse((await call('fs_exportAll', {}, user)).result)).toEqual({ '/keep.md': 'old' })
  })
})
