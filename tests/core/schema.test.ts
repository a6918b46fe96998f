import { describe, expect, it } from 'vitest'
import { methodArgumentsSchema, parameterSchema } from '../../src/core/schema'
import type { MethodMetadata } from '../../src/core'

describe('JSON Schema from parameters', () => {
  it('an enum is a string with its values; description and default carry over', () => {
    expect(
      parameterSchema({
        name: 'unit',
        type: 'enum',
        enumValues: ['m', 'km'],
        description: 'The unit.',
        defaultValue: 'm',
      }),
    ).toEqual({
      type: 'string',
      enum: ['m', 'km'],
      description: 'The unit.',
      default: 'm',
    })
  })

  it('arrays describe their items, objects their properties and which are required', () => {
    expect(parameterSchema({ name: 'tags', type: 'array', items: { name: 'tag', type: 'string' } })).toEqual({
      type: 'array',
      items: { type: 'string' },
    })
    expect(
      parameterSchema({
        name: 'point',
        type: 'object',
        properties: [
          { name: 'x', type: 'number' },
          { name: 'y', type: 'number', required: false },
          { name: 'z', type: 'number', defaultValue: 0 },
        ],
      }),
    ).toEqual({
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' }, z: { type: 'number', default: 0 } },
      required: ['x'],
      additionalProperties: false,
    })
  })

  it("a method's arguments: required unless optional or defaulted; none required gives no list", () => {
    const method: MethodMetadata = {
      name: 'tree',
      description: 'Lists files.',
      parameters: [
        { name: 'path', type: 'string' },
        { name: 'depth', type: 'integer', required: false, defaultValue: 3 },
      ],
    }
    expect(methodArgumentsSchema(method)).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, depth: { type: 'integer', default: 3 } },
      required: ['path'],
      additionalProperties: false,
    })
    expect(methodArgumentsSchema({ ...method, parameters: [] })).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    })
  })

  it('a method with its own JSON Schema keeps it, with the parameters it does not name added', () => {
    const inputSchema = {
      type: 'object',
      properties: { a: { type: 'number', minimum: 0 } },
      required: ['a'],
      additionalProperties: false,
    }
    const schema = methodArgumentsSchema({
      name: 'sum',
      description: '',
      parameters: [
        { name: 'a', type: 'number' },
        { name: 'limit', type: 'integer', required: false },
      ],
      inputSchema,
    })
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'number', minimum: 0 }, limit: { type: 'integer' } },
      required: ['a'],
      additionalProperties: false,
    })
  })
})
