/**
 * The tag headers of the XML-invoke formats (`<function=NAME>`, `<invoke name="NAME">`), read in
 * a bounded look, and the small looks around a marker that `claims` and the reader take.
 */
import { skipSpace } from '../json-pieces'
import { ref } from '../../../messages/say'
import type { MessageRef } from '../../../messages/types'

const HEADER_MAX = 512
/** Made once: `claims` reads headers too, and drops what is wrong with them. */
const NAME_UNCLOSED = ref('native.xml.header.name-unclosed')
const TAG_UNCLOSED = ref('native.xml.header.tag-unclosed')

/** Characters a tool or parameter name never holds (markup, quotes, space). */
export function isPlausibleName(name: string): boolean {
  return name.length > 0 && name.length <= 256 && !/[\s<>{}"'`]/.test(name)
}

/** A tag's header as read: its name, its attributes, and where it ends. */
export interface TagHeader {
  /** The name as written ('' when missing). */
  name: string
  /** Offset just after the name's text (its closing quote, if quoted). */
  nameEnd: number
  /** Offset just after the header's `>`; -1 when the text ends inside the header. */
  end: number
  attributes: Map<string, string>
  /** What is wrong with the header, if anything: a phrase to nest in a finding. */
  problem?: MessageRef
}

/** How a grammar writes a tag's header: `<function=NAME>` or `<invoke name="NAME">`. */
export type HeaderStyle = 'equals' | 'attributes'

/** The header of the style given, from `from` (just after the tag's opener). */
export function readTagHeader(text: string, from: number, style: HeaderStyle): TagHeader {
  return style === 'equals' ? readEqualsHeader(text, from) : readAttributeHeader(text, from)
}

/**
 * `<function=NAME>` style: the name runs from `from` to the `>`. Bounded: a header longer
 * than HEADER_MAX is not a header.
 */
export function readEqualsHeader(text: string, from: number): TagHeader {
  const limit = Math.min(text.length, from + HEADER_MAX)
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x3e) {
      const name = text.slice(from, i).trim()
      return { name, nameEnd: i, end: i + 1, attributes: new Map() }
    }
    if (c === 0x0a || c === 0x3c)
      return { name: '', nameEnd: from, end: -1, attributes: new Map(), problem: NAME_UNCLOSED }
  }
  if (limit === text.length) return { name: '', nameEnd: from, end: -1, attributes: new Map() }
  return { name: '', nameEnd: from, end: -1, attributes: new Map(), problem: NAME_UNCLOSED }
}

/** `<invoke name="NAME" string="true">` style: attributes up to `>`, quoted with `"` or `'`, or bare. */
export function readAttributeHeader(text: string, from: number): TagHeader {
  const limit = Math.min(text.length, from + HEADER_MAX)
  const attributes = new Map<string, string>()
  let nameEnd = from
  let i = from
  for (;;) {
    i = skipSpace(text, i, limit)
    if (i >= limit) break
    if (text.charCodeAt(i) === 0x3e) return { name: attributes.get('name') ?? '', nameEnd, end: i + 1, attributes }
    if (text.startsWith('/>', i)) return { name: attributes.get('name') ?? '', nameEnd, end: i + 2, attributes }
    const keyStart = i
    while (i < limit && /[A-Za-z0-9_:.-]/.test(text[i] as string)) i++
    const key = text.slice(keyStart, i)
    if (key === '')
      return {
        name: attributes.get('name') ?? '',
        nameEnd,
        end: -1,
        attributes,
        problem: ref('native.xml.header.not-attribute', { char: String(JSON.stringify(text[i])) }),
      }
    i = skipSpace(text, i, limit)
    if (text[i] !== '=') {
      if (i >= limit) break
      attributes.set(key, '')
      continue
    }
    i = skipSpace(text, i + 1, limit)
    if (i >= limit) break
    const quote = text[i]
    let value: string
    if (quote === '"' || quote === "'") {
      const found = text.slice(i + 1, limit).indexOf(quote)
      const close = found === -1 ? -1 : i + 1 + found
      if (close === -1) {
        i = limit
        break
      }
      value = text.slice(i + 1, close)
      i = close + 1
    } else {
      const start = i
      while (i < limit && !/[\s>]/.test(text[i] as string)) i++
      value = text.slice(start, i)
      if (i >= limit) break
    }
    attributes.set(key, value)
    if (key === 'name') nameEnd = i
  }
  const name = attributes.get('name') ?? ''
  if (limit === text.length) return { name, nameEnd, end: -1, attributes }
  return { name, nameEnd, end: -1, attributes, problem: TAG_UNCLOSED }
}

/** Whether the text from `at` (within `window`) begins with `marker`, or is cut off inside it. */
export function startsOrEnds(text: string, at: number, marker: string): boolean {
  const rest = text.slice(at, at + marker.length)
  return rest.length === marker.length ? rest === marker : marker.startsWith(rest)
}

/** Whether one of `markers` ends right before `at`, white space aside (a bounded look back). */
export function precededBy(text: string, at: number, markers: readonly string[]): boolean {
  let i = at
  const floor = Math.max(0, at - 64)
  while (i > floor && /\s/.test(text[i - 1] as string)) i--
  return markers.some((m) => i >= m.length && text.startsWith(m, i - m.length))
}
