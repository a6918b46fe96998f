/** The `fs_tree` text: files under a directory drawn as an indented tree with their sizes. */
import type { FileEntry } from './store'

interface DirNode {
  dirs: Map<string, DirNode>
  files: Map<string, number>
}

/** The entries under `root` as a tree, directories first, each level sorted; deeper than `depth` shown as `...`. */
export function renderTree(root: string, entries: FileEntry[], depth: number): string {
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
