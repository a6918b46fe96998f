/**
 * Keys repeat from block to block (`path`, `command`): handing back the string already held for
 * a key keeps a long reply's result small, which the garbage collector feels while it is built.
 */
/** One scanner's table of recent keys; `intern()` never changes what a key says. */
export class KeyInterner {
  private readonly keys: string[] = new Array<string>(256).fill('')

  /** The string held for a key written like `written` (a non-empty key), or `written` itself. */
  intern(written: string): string {
    // A small direct-mapped table: no hashing, one comparison of two short strings.
    const slot = (written.length * 31 + written.charCodeAt(0) + written.charCodeAt(written.length - 1) * 7) & 255
    const known = this.keys[slot] as string
    if (known === written) return known
    this.keys[slot] = written
    return written
  }
}
