import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createCalculatorTool, evaluateExpression, ExpressionError } from '../../src/tools'
import { caller } from './helpers'

describe('calculator expression parser', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['10 % 4', 2],
    ['sqrt(16) * (3 + 4) / 2', 14],
    ['max(1, 5, 3) + min(2, -1)', 4],
    ['log(1000)', 3],
    ['log(8, 2)', 3],
    ['2pi', NaN],
    ['1.5e3 + .5', 1500.5],
    ['3 × 4 ÷ 2', 6],
    ['PI', Math.PI],
  ])('%s', (text, expected) => {
    if (Number.isNaN(expected)) expect(() => evaluateExpression(text)).toThrow(ExpressionError)
    else expect(evaluateExpression(text)).toBeCloseTo(expected, 12)
  })

  it('rejects what is not arithmetic, with the position', () => {
    expect(() => evaluateExpression('constructor.constructor("return process")()')).toThrow(
      'Unknown name "constructor" at position 1. Constants: pi, e, tau, phi.',
    )
    expect(() => evaluateExpression('1 + __proto__')).toThrow('Unknown name "__proto__" at position 5.')
    expect(() => evaluateExpression('toString()')).toThrow('Unknown function "toString" at position 1.')
    expect(() => evaluateExpression('1 + ')).toThrow('The expression ends early: a number, a name or "(" was expected.')
    expect(() => evaluateExpression('(1 + 2')).toThrow('The expression ends early: ")" was expected.')
    expect(() => evaluateExpression('1 2')).toThrow('Unexpected "2" at position 3: an operator was expected.')
    expect(() => evaluateExpression('a = 1')).toThrow('Unknown name "a" at position 1.')
    expect(() => evaluateExpression('1; 2')).toThrow('Unexpected ";" at position 2: an operator was expected.')
    expect(() => evaluateExpression('atan2(1)')).toThrow('atan2() takes 2 arguments, got 1.')
    expect(() => evaluateExpression('')).toThrow('The expression is empty.')
    expect(() => evaluateExpression('('.repeat(1000) + '1' + ')'.repeat(1000))).toThrow(
      'The expression nests deeper than 200 levels.',
    )
  })

  it('never throws anything but an ExpressionError on any input', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789+-*/%^(),. episqrtmaxconstructor×'.split('')) }),
        (text) => {
          try {
            evaluateExpression(text)
          } catch (error) {
            expect(error).toBeInstanceOf(ExpressionError)
          }
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('calc tool', () => {
  const call = caller(createCalculatorTool())
  it('evaluates through the executor, with precision', async () => {
    expect(await call('calc_evaluate', { expression: '1/3', precision: '3' })).toMatchObject({
      status: 'success',
      result: '{\n  "expression": "1/3",\n  "result": 0.333\n}',
    })
  })
  it('reports parse errors and non-finite results as errors naming the tool', async () => {
    expect((await call('calc_evaluate', { expression: 'constructor.constructor' })).result).toBe(
      '"calc_evaluate" failed: Unknown name "constructor" at position 1. Constants: pi, e, tau, phi.',
    )
    expect((await call('calc_evaluate', { expression: '1/0' })).result).toBe(
      '"calc_evaluate" failed: The result is Infinity (for example a division by zero or a number too large).',
    )
    expect((await call('calc_evaluate', { expression: '1', precision: '40' })).result).toBe(
      '"calc_evaluate" failed: precision must be between 1 and 17, got 40.',
    )
  })
})
