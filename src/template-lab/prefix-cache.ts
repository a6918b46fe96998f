/**
 * The renders of a conversation's prefixes, kept between inputs: when a person edits the last
 * message, the prefixes before it are the same conversation through the same template and need no
 * new render. Keyed by a hash of what the render depends on, and of the prefix's messages.
 */

/** Renders kept at most; the oldest go first. */
const KEEP = 400

/** cyrb53: a 53-bit hash of `text`, seeded, as a base-36 string. */
function hash(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

export class PrefixCache {
  private readonly kept = new Map<string, string | null>()

  /** The key of everything but the messages: the template, tools, tokens, variables and the time. */
  context(
    template: string,
    input: { tools?: unknown; specialTokens: unknown; variables: unknown; dialect?: string },
    now: number,
  ): string {
    const settings = [input.tools ?? null, input.specialTokens, input.variables, input.dialect ?? null, now]
    return hash(template) + hash(JSON.stringify(settings))
  }

  /** The render of `messages` in `context`, from `render` the first time. */
  get(context: string, messages: readonly unknown[], render: () => string | null): string | null {
    const key = `${context}:${messages.length}:${hash(JSON.stringify(messages))}`
    if (this.kept.has(key)) {
      const text = this.kept.get(key) as string | null
      this.kept.delete(key)
      this.kept.set(key, text)
      return text
    }
    const text = render()
    this.kept.set(key, text)
    if (this.kept.size > KEEP) this.kept.delete(this.kept.keys().next().value as string)
    return text
  }
}
