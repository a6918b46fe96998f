import type { ToolRegistry } from '../../core'
import { evaluateExpression } from './expression'

/** `calc`: arithmetic without eval. */
export function createCalculatorTool(): ToolRegistry {
  return {
    id: 'calc',
    name: 'Calculator',
    description: 'Evaluates arithmetic expressions with a real parser (no eval).',
    getMetadata: () => ({
      methods: [
        {
          name: 'evaluate',
          displayName: 'Evaluate expression',
          description:
            'Evaluates an arithmetic expression: + - * / % ^ (power), parentheses, functions such as sqrt, sin, log, min, max, and the constants pi, e, tau, phi.',
          agentCallable: true,
          parameters: [
            { name: 'expression', type: 'string', description: 'For example "sqrt(2) * (3 + 4) / 2".' },
            {
              name: 'precision',
              type: 'integer',
              required: false,
              description: 'Significant digits to round the result to (1-17).',
            },
          ],
          returns: { type: 'object', description: '{ expression, result }' },
          example: JSON.stringify({ expression: 'sqrt(16) * (3 + 4) / 2', precision: 6 }),
        },
      ],
    }),
    evaluate(args: { expression: string; precision?: number }) {
      const value = evaluateExpression(args.expression)
      if (!Number.isFinite(value))
        throw new Error(`The result is ${value} (for example a division by zero or a number too large).`)
      const { precision } = args
      if (precision !== undefined && (precision < 1 || precision > 17))
        throw new Error(`precision must be between 1 and 17, got ${precision}.`)
      return {
        expression: args.expression,
        result: precision === undefined ? value : Number(value.toPrecision(precision)),
      }
    },
  }
}
