/**
 * The folders a server may see, as MCP wants them: `file://` URIs. A person writes a POSIX path
 * (`/home/me/notes`), a Windows path (`C:\Users\me\My notes`, `\\server\share\docs`) or a
 * `file://` URI; each becomes a URI whose path has its spaces, non-ASCII letters and other
 * characters outside RFC 3986's path characters percent-encoded (UTF-8). Pure functions: what a
 * person wrote never throws, it gets a reason.
 */
import type { McpRoot } from './client-features'

/** A root as a person declared it: a path or `file://` URI, and an optional name. */
export interface RootEntry {
  path: string
  name?: string
}

/** A path or URI read as a root's URI, or why it cannot be one. */
export type RootUriReading = { ok: true; uri: string } | { ok: false; problem: string }

// RFC 3986 pchar: unreserved, sub-delims, ':' and '@'; everything else is percent-encoded.
const PATH_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/
const DRIVE = /^[A-Za-z]:[\\/]/
const UNC = /^\\{2}([^\\/?]+)[\\/]+([^\\/].*)$/

/** One path segment, percent-encoded byte by byte (UTF-8) where RFC 3986 requires it. */
export function encodePathSegment(segment: string): string {
  let out = ''
  for (const character of segment) {
    if (PATH_CHARACTER.test(character)) out += character
    else
      for (const byte of new TextEncoder().encode(character))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** The `file://` URI of a path or URI, or why it cannot be a root (relative, another scheme, a control character). */
export function rootUri(pathOrUri: string): RootUriReading {
  const text = pathOrUri.trim()
  if (text === '') return { ok: false, problem: 'A root needs a folder: an absolute path or a file:// URI.' }
  if (CONTROL.test(text)) return { ok: false, problem: `"${shown(text)}" holds a control character.` }
  if (/^[\\/]{2}[?.][\\/]/.test(text))
    return { ok: false, problem: `"${shown(text)}": write the path without its \\\\?\\ or \\\\.\\ prefix.` }
  if (DRIVE.test(text)) return { ok: true, uri: `file:///${text.slice(0, 2)}${encodedPath(text.slice(2), /[\\/]/)}` }
  const unc = UNC.exec(text)
  if (unc) return { ok: true, uri: `file://${encodeHost(unc[1] as string)}${encodedPath('/' + unc[2], /[\\/]/)}` }
  if (text.startsWith('/')) return { ok: true, uri: `file://${encodedPath(text.replace(/\/{2,}/g, '/'), /\//)}` }
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase()
  if (scheme === 'file') return fileUri(text)
  if (scheme && scheme.length > 1)
    return { ok: false, problem: `"${shown(text)}" is a ${scheme}: URI; roots are folders (file:// URIs).` }
  return {
    ok: false,
    problem: `"${shown(text)}" is not an absolute path: write it in full (/home/me/project, C:\\Users\\me\\project) or as a file:// URI.`,
  }
}

/** A `file://` URI, checked and written in its normal form (a space becomes %20, `localhost` is dropped). */
function fileUri(text: string): RootUriReading {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, problem: `"${shown(text)}" is not a valid file:// URI.` }
  }
  if (url.search || url.hash)
    return { ok: false, problem: `"${shown(text)}": a root's URI has no query (?) or fragment (#).` }
  if (!url.pathname.startsWith('/')) return { ok: false, problem: `"${shown(text)}" is not a valid file:// URI.` }
  return { ok: true, uri: url.href }
}

/** The path's segments (split on `separator`), each encoded, joined with `/`; `.` and `..` are kept as written. */
function encodedPath(path: string, separator: RegExp): string {
  return path.split(separator).map(encodePathSegment).join('/')
}

const encodeHost = (host: string): string => encodePathSegment(host.toLowerCase())

/** A path as a message quotes it: at most 120 characters, controls shown as escapes. */
function shown(text: string): string {
  // eslint-disable-next-line no-control-regex
  const visible = text.replace(/[\u0000-\u001F\u007F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return visible.length > 120 ? visible.slice(0, 120) + '…' : visible
}

/** What a list of entries declares: a root per readable entry (its name trimmed, left out when empty), and a reason per other one. */
export function rootsOfEntries(entries: readonly RootEntry[]): { roots: McpRoot[]; problems: string[] } {
  const roots: McpRoot[] = []
  const problems: string[] = []
  for (const entry of entries) {
    const reading = rootUri(entry.path)
    if (!reading.ok) {
      problems.push(reading.problem)
      continue
    }
    const name = entry.name?.trim()
    roots.push(name ? { uri: reading.uri, name } : { uri: reading.uri })
  }
  return { roots, problems }
}
