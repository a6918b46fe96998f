/**
 * Virtual paths: '/'-separated and absolute. `.` and `..` resolve inside the root and never
 * above it, so no path a model writes can leave the store.
 */
export function normalizePath(path: string): string {
  if (hasControlOrBackslash(path))
    throw new Error(`path ${JSON.stringify(path)} contains a backslash or a control character; use "/" between names.`)
  const parts: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length === 0) throw new Error(`path "${path}" goes above the root "/".`)
      parts.pop()
    } else {
      parts.push(part)
    }
  }
  return '/' + parts.join('/')
}

/** `/a/b` is inside `/a` and inside `/`; `/ab` is not inside `/a`. */
export function isInside(path: string, directory: string): boolean {
  return directory === '/' || path === directory || path.startsWith(directory + '/')
}

function hasControlOrBackslash(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i)
    if (c < 0x20 || c === 0x5c) return true
  }
  return false
}
