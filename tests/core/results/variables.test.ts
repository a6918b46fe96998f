import { describe, expect, it } from 'vitest'
import {
  createVariableStore,
  readSavedVariables,
  resolveVarRefs,
  resolveVarRefsInText,
  VariableReferenceError,
  type VariableStore,
} from '../../../src/core'
import { closestNames, MAX_SUGGESTED_NAME } from '../../../src/core/text/closest'

const names = (store: VariableStore) => store.list().map((v) => v.name)

describe('variable store', () => {
  it('evicts the least recently read first', () => {
    const store = createVariableStore({ capacity: 2 })
    store.set({ name: 'x', value: 'X', type: 'result' })
    store.set({ name: 'y', value: 'Y', type: 'result' })
    store.read('x')
    store.set({ name: 'z', value: 'Z', type: 'result' })
    expect(names(store)).toEqual(['x', 'z'])
    // peek (the UI looking) does not count as a read.
    store.peek('x')
    store.set({ name: 'w', value: 'W', type: 'result' })
    expect(names(store)).toEqual(['z', 'w'])
  })

  it('never evicts keep or rule variables, even when they are the oldest', () => {
    const store = createVariableStore({ capacity: 2 })
    store.set({ name: 'Rule/Files/large-files', value: 'R', type: 'rule' })
    store.set({ name: 'pinned', value: 'P', type: 'user', keep: true })
    store.set({ name: 'a', value: 'A', type: 'result' })
    store.set({ name: 'b', value: 'B', type: 'result' })
    expect(names(store)).toEqual(['Rule/Files/large-files', 'pinned'])
  })

  it('filters by type, search and tag; removing protects rule variables', () => {
    const store = createVariableStore()
    store.set({ name: 'fs_read/req-1/result', value: '...', type: 'result' })
    store.set({ name: 'notes', value: 'n', type: 'user', desc: 'What I found', tags: ['mine'] })
    store.set({ name: 'Rule/Compute/js-data', value: 'r', type: 'rule' })
    expect(store.list({ type: 'user' }).map((v) => v.name)).toEqual(['notes'])
    expect(store.list({ search: 'FOUND' }).map((v) => v.name)).toEqual(['notes'])
    expect(store.list({ search: 'fs_read' }).map((v) => v.name)).toEqual(['fs_read/req-1/result'])
    expect(store.list({ tag: 'mine' }).map((v) => v.name)).toEqual(['notes'])
    expect(store.remove(['notes', 'Rule/Compute/js-data', 'nope'])).toEqual({
      removed: ['notes'],
      protectedNames: ['Rule/Compute/js-data'],
      missing: ['nope'],
    })
  })
})

describe('$VAR_REF', () => {
  const store = createVariableStore()
  store.set({ name: 'fs_read/req-1/result', value: 'Hello, world', type: 'result' })
  store.set({ name: 'Rule/Files/large-files', value: 'rule text', type: 'rule' })
  store.set({ name: 'outer', value: '[$VAR_REF{{fs_read/req-1/result:7:5}}]', type: 'user' })
  store.set({ name: 'loop-a', value: 'a $VAR_REF{{loop-b}}', type: 'user' })
  store.set({ name: 'loop-b', value: 'b $VAR_REF{{loop-a}}', type: 'user' })

  it('replaces whole variables and slices; names may hold "/" and "."', () => {
    expect(resolveVarRefsInText('say $VAR_REF{{fs_read/req-1/result}}!', store)).toBe('say Hello, world!')
    expect(resolveVarRefsInText('$VAR_REF{{fs_read/req-1/result:7:5}}', store)).toBe('world')
    expect(resolveVarRefsInText('$VAR_REF{{fs_read/req-1/result:7}}', store)).toBe('world')
    expect(resolveVarRefsInText('$VAR_REF{{Rule/Files/large-files}}', store)).toBe('rule text')
  })

  it('resolves references inside variables, recursively', () => {
    expect(resolveVarRefsInText('$VAR_REF{{outer}}', store)).toBe('[world]')
  })

  it('a cycle and an unknown name are errors that say which', () => {
    expect(() => resolveVarRefsInText('$VAR_REF{{loop-a}}', store)).toThrow(
      new VariableReferenceError('$VAR_REF cycle: loop-a -> loop-b -> loop-a.'),
    )
    expect(() => resolveVarRefsInText('$VAR_REF{{fs_read/req-1/resul}}', store)).toThrow(
      /there is no variable "fs_read\/req-1\/resul"\. Did you mean "fs_read\/req-1\/result"/,
    )
    expect(() => resolveVarRefsInText('$VAR_REF{{outer:99}}', store)).toThrow(/start 99 is past the end of "outer"/)
  })

  it('stops variables that expand without bound with an error, instead of hanging', () => {
    // Each level references the next ten times: 10^6 copies of "x" at the sixth level.
    const laughs = createVariableStore()
    laughs.set({ name: 'v0', value: 'x', type: 'user' })
    for (let level = 1; level <= 6; level++)
      laughs.set({ name: `v${level}`, value: `$VAR_REF{{v${level - 1}}}`.repeat(10), type: 'user' })
    expect(() => resolveVarRefsInText('$VAR_REF{{v6}}', laughs)).toThrow(
      /more than 10,000 references to resolve for one call/,
    )
    expect(resolveVarRefsInText('$VAR_REF{{v3}}', laughs)).toBe('x'.repeat(1000))

    const big = createVariableStore()
    big.set({ name: 'mb', value: 'y'.repeat(1_000_000), type: 'result' })
    big.set({ name: 'many', value: '$VAR_REF{{mb}}'.repeat(25), type: 'user' })
    expect(() => resolveVarRefs({ a: '$VAR_REF{{many}}' }, big)).toThrow(
      /produces more than 20,000,000 characters \(the last at "mb"\)/,
    )
    expect(resolveVarRefs({ a: '$VAR_REF{{mb:0:3}}', b: '$VAR_REF{{mb}}' }, big).b).toHaveLength(1_000_000)
  })

  it('walks nested arguments and leaves other values alone', () => {
    expect(resolveVarRefs({ a: ['$VAR_REF{{fs_read/req-1/result:0:5}}', 3], b: { c: true, d: null } }, store)).toEqual({
      a: ['Hello', 3],
      b: { c: true, d: null },
    })
  })
})

describe('$VAR_REF copies of arguments', () => {
  it('a "__proto__" key stays an own argument and never becomes the prototype (its limit was applied)', () => {
    const store = createVariableStore()
    store.set({ name: 'v', value: 'text', type: 'user' })
    const json = JSON.parse('{"__proto__": {"limit": 1}, "a": "$VAR_REF{{v}}"}') as Record<string, unknown>
    const resolved = resolveVarRefs(json, store)
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype)
    expect(Object.keys(resolved)).toEqual(['__proto__', 'a'])
    expect((resolved as { limit?: unknown }).limit).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(resolved, '__proto__')?.value).toEqual({ limit: 1 })
    expect(resolved.a).toBe('text')
  })
})

describe('"did you mean" on very long names', () => {
  it('a 20,000-character unknown name gets an error without suggestions (edit distance took 8.8 s)', () => {
    const store = createVariableStore()
    const long = `fs_read/${'r'.repeat(20_000)}/result`
    store.set({ name: long, value: 'x', type: 'result' })
    expect(() => resolveVarRefsInText(`$VAR_REF{{${long}x}}`, store)).toThrow(
      /there is no variable "fs_read\/r+\/resultx"\. ListVars shows the variables\.$/,
    )
    expect(closestNames('a'.repeat(MAX_SUGGESTED_NAME + 1), ['a'.repeat(MAX_SUGGESTED_NAME + 1)])).toEqual([])
    expect(closestNames('resul', ['result'])).toEqual(['result'])
  })
})

describe('readSavedVariables', () => {
  it('keeps what a store can take and counts the rest; a saved value that is no list counts as one', () => {
    const good = { name: 'kept', value: 'v', type: 'user', tags: [], keep: false, createdAt: 1 }
    expect(
      readSavedVariables([
        null,
        good,
        { name: 5 },
        { ...good, name: 'x', value: null },
        { ...good, name: 'y', type: 'other' },
      ]),
    ).toEqual({ variables: [good], unreadable: 4 })
    expect(readSavedVariables(undefined)).toEqual({ variables: [], unreadable: 0 })
    expect(readSavedVariables({ not: 'a list' })).toEqual({ variables: [], unreadable: 1 })
  })
})
