import { describe, expect, it } from 'vitest'
import { fileLines, functionSizes, sourceFiles } from '../../scripts/code-size'

// Limits a reader can hold in their head; translations are tables and may run longer.
const FILE_LIMIT = 400
const FUNCTION_LIMIT = 100
const TABLES = /^src\/i18n\//

describe('source size', () => {
  const files = sourceFiles('src')

  it(`has no file over ${FILE_LIMIT} lines outside the translations`, () => {
    const big = files
      .filter((file) => !TABLES.test(file) && fileLines(file) > FILE_LIMIT)
      .map((file) => `${file} (${fileLines(file)})`)
    expect(big).toEqual([])
  })

  it(`has no function over ${FUNCTION_LIMIT} lines`, () => {
    const big = files
      .flatMap((file) => functionSizes(file))
      .filter((item) => item.lines > FUNCTION_LIMIT)
      .map((item) => `${item.file} ${item.name} (${item.lines})`)
    expect(big).toEqual([])
  })

  it('counts what it says: a long function and a long file are found', () => {
    const sizes = functionSizes('scripts/code-size.ts')
    expect(sizes.find((item) => item.name === 'functionSizes')?.lines).toBeGreaterThan(5)
    expect(fileLines('scripts/code-size.ts')).toBeGreaterThan(50)
  })
})
