import { describe, expect, it } from 'vitest'
import en from '../../src/i18n/en'
import zh from '../../src/i18n/zh'
import { createAppI18n } from '../../src/i18n'

type Tree = { [key: string]: string | Tree }

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`),
  )
}

/** Strings that read the same in both languages: names, code and units. */
const SAME_IN_BOTH = new Set(['executor.duration', 'executor.elapsed', 'executor.blocked.plan', 'common.ok'])

describe('interface messages', () => {
  it('every English message has a Chinese one and the other way round', () => {
    expect(keys(zh as unknown as Tree).sort()).toEqual(keys(en as unknown as Tree).sort())
  })

  it('every message renders in both languages without a compile error, and Chinese ones are translated', () => {
    const errors: string[] = []
    const i18n = createAppI18n('en')
    const origError = console.error
    const origWarn = console.warn
    console.error = console.warn = (...args: unknown[]) => errors.push(args.map(String).join(' '))
    try {
      for (const locale of ['en', 'zh'] as const) {
        ;(i18n.global.locale as unknown as { value: string }).value = locale
        for (const key of keys(en as unknown as Tree)) {
          const text = i18n.global.t(
            key,
            {
              n: 2,
              detail: 'x',
              reason: 'x',
              tool: 'x',
              verdict: 'x',
              requests: 1,
              diagnostics: 1,
              ms: 1,
              s: 1,
              part: 'x',
              title: 'x',
              kept: 1,
              total: 2,
              left: 1,
              status: 'x',
            },
            2,
          )
          if (text === key) errors.push(`${locale}: ${key} did not render`)
        }
      }
    } finally {
      console.error = origError
      console.warn = origWarn
    }
    expect(errors).toEqual([])
    const same = keys(en as unknown as Tree).filter(
      (key) => !SAME_IN_BOTH.has(key) && /[a-z]{3}/.test(lookup(en, key)) && lookup(en, key) === lookup(zh, key),
    )
    expect(same).toEqual([])
  })

  it('counts use plural forms in English', () => {
    const i18n = createAppI18n('en')
    expect(i18n.global.t('parser.summaryRequests', 1)).toBe('1 request')
    expect(i18n.global.t('parser.summaryRequests', 4)).toBe('4 requests')
  })
})

function lookup(tree: unknown, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string
}
