import type { BatchItem } from './types'
import { setOwn } from './own-record'

/** `sourcePath12` -> ['sourcePath', 12]; null when the key does not end in digits. */
function splitNumberedKey(key: string): [string, number] | null {
  let cut = key.length
  while (cut > 0) {
    const c = key.charCodeAt(cut - 1)
    if (c < 0x30 || c > 0x39) break
    cut--
  }
  if (cut === key.length || cut === 0) return null
  return [key.slice(0, cut), Number(key.slice(cut))]
}

/**
 * Splits numbered batch arguments (`command1`, `path1`, `command2`, ...) into ordered items.
 * A key `xN` belongs to item N only when `commandN` exists, so `md5` stays `md5` without a `command5`.
 * Keys that belong to no item are shared by every item (an item's own key wins).
 * Returns undefined when there is no `commandN` key.
 */
export function splitBatch(args: Record<string, string>): BatchItem[] | undefined {
  if (!hasNumberedCommand(args)) return undefined
  const keys = Object.keys(args)
  const items = new Map<number, BatchItem>()
  for (const key of keys) {
    const numbered = splitNumberedKey(key)
    if (numbered && numbered[0] === 'command') {
      items.set(numbered[1], { index: numbered[1], command: args[key] as string, args: {} })
    }
  }
  const shared: [string, string][] = []
  const own = new Map<number, [string, string][]>()
  for (const key of keys) {
    const value = args[key] as string
    const numbered = splitNumberedKey(key)
    if (numbered && items.has(numbered[1])) {
      if (numbered[0] === 'command') continue
      const list = own.get(numbered[1]) ?? []
      list.push([numbered[0], value])
      own.set(numbered[1], list)
    } else if (key !== 'command') {
      shared.push([key, value])
    }
  }
  const ordered = [...items.values()].sort((a, b) => a.index - b.index)
  for (const item of ordered) {
    for (const [key, value] of shared) setOwn(item.args, key, value)
    for (const [key, value] of own.get(item.index) ?? []) setOwn(item.args, key, value)
  }
  return ordered
}

function hasNumberedCommand(args: Record<string, string>): boolean {
  for (const key of Object.keys(args)) {
    if (key.length > 7 && key.startsWith('command')) {
      const last = key.charCodeAt(key.length - 1)
      if (last >= 0x30 && last <= 0x39) return true
    }
  }
  return false
}
