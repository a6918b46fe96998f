import { describe, expect, it } from 'vitest'
import { evalToolset, modelFacingName } from '../../../src/core/eval'
import { protocolRegistry } from '../../../src/core'

describe('evalToolset', () => {
  it('names a function as its name with dots as underscores', () => {
    expect(modelFacingName('math.factorial')).toBe('math_factorial')
    expect(modelFacingName('a.b.c')).toBe('a_b_c')
    expect(modelFacingName('get_weather')).toBe('get_weather')
    expect(modelFacingName('lookup')).toBe('fn_lookup')
  })

  it("makes BFCL's type names standard JSON Schema for every lane", () => {
    const toolset = evalToolset([
      {
        name: 'math.mean',
        description: 'Mean of numbers.',
        parameters: {
          type: 'dict',
          properties: {
            values: { type: 'tuple', items: { type: 'float' } },
            options: { type: 'dict', properties: { x: { type: 'any' } } },
          },
          required: ['values'],
        },
      },
    ])
    expect(toolset.native[0]?.function).toMatchObject({
      name: 'math_mean',
      parameters: {
        type: 'object',
        properties: {
          values: { type: 'array', items: { type: 'number' } },
          options: { type: 'object', properties: { x: {} } },
        },
        required: ['values'],
      },
    })
    expect(toolset.functionNamed('math_mean')?.name).toBe('math.mean')
    expect(toolset.functionNamed('math.mean')?.name).toBe('math.mean')
    expect(toolset.functionNamed('other')).toBeUndefined()
    const prompt = protocolRegistry.get('vcp')?.generateToolDefinitions(toolset.definitions) ?? ''
    expect(prompt).toContain('math_mean')
    expect(prompt).toContain('Mean of numbers.')
  })
})
