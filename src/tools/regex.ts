/**
 * `text_regexTest`'s matching: RE2 (re2js), linear in the input, with JavaScript's flags mapped onto
 * RE2's. Pure and synchronous, so it runs the same inline or in a worker.
 */
import { RE2JS } from 're2js'

export interface RegexArgs {
  pattern: string
  input: string
  flags: string
}

export interface RegexMatch {
  match: string
  index: number
  groups: (string | null)[]
  named?: Record<string, string | null>
}

export interface RegexMatches {
  count: number
  truncated: boolean
  matches: RegexMatch[]
}

/** Runs a match somewhere; the signal aborts it (a worker is then terminated). */
export type RegexRunner = (args: RegexArgs, signal: AbortSignal) => Promise<RegexMatches>

export const MAX_MATCHES = 1_000
const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, g: 0, u: 0 }

export function matchLinear(args: RegexArgs): RegexMatches {
  const { pattern, global } = compileLinear(args.pattern, args.flags)
  const matcher = pattern.matcher(args.input)
  const names = Object.entries(pattern.namedGroups())
  const groupCount = pattern.groupCount()
  const matches: RegexMatch[] = []
  while (matches.length < (global ? MAX_MATCHES : 1) && matcher.find()) {
    const entry: RegexMatch = {
      match: matcher.group() ?? '',
      index: matcher.start(),
      groups: Array.from({ length: groupCount }, (_, k) => matcher.group(k + 1)),
    }
    if (names.length > 0) entry.named = Object.fromEntries(names.map(([name, index]) => [name, matcher.group(index)]))
    matches.push(entry)
  }
  return { count: matches.length, truncated: matches.length === MAX_MATCHES, matches }
}

/** Compiles with RE2 (linear time), JavaScript flags mapped onto RE2's; the reason when it cannot. */
function compileLinear(source: string, flags: string): { pattern: RE2JS; global: boolean } {
  let bits = 0
  for (const flag of flags) {
    const bit = FLAG_BITS[flag]
    if (bit === undefined) throw new Error(`unsupported flag "${flag}": use any of g, i, m, s, u.`)
    bits |= bit
  }
  try {
    return { pattern: RE2JS.compile(source, bits), global: flags.includes('g') }
  } catch (error) {
    const message = (error as Error).message
    const hint = /\(\?(?:[=!]|<[=!])|\\[1-9]/.test(source)
      ? ' Lookahead, lookbehind and backreferences are not supported (RE2 syntax, linear time).'
      : ''
    throw new Error(`invalid regular expression: ${message}.${hint}`)
  }
}
