import { describe, expect, it } from 'vitest'
import { createBuiltinTools, createMemoryFileStore } from '../../src/tools'
import { createNodeSandboxRunner } from '../../src/tools/node'
import { type MethodParameter } from '../../src/core'
import { coerceArguments } from '../../src/core/execution/arguments'

const tools = createBuiltinTools({ files: createMemoryFileStore(), sandbox: createNodeSandboxRunner() })
const methods = tools.flatMap((tool) => tool.getMetadata().methods.map((method) => ({ tool, method })))

function described(parameter: MethodParameter): boolean {
  return parameter.type !== 'enum' || (parameter.enumValues?.length ?? 0) > 0
}

describe('built-in tool metadata', () => {
  it.each(methods.map(({ tool, method }) => [`${tool.id}_${method.name}`, tool, method] as const))(
    '%s is fully described and its example is valid',
    (_name, tool, method) => {
      expect(tool.description).toBeTruthy()
      expect(method.description.length).toBeGreaterThan(10)
      expect(typeof method.agentCallable).toBe('boolean')
      expect(method.parameters.every(described)).toBe(true)
      expect(method.returns?.type).toBeTruthy()
      const example = JSON.parse(method.example ?? 'null') as Record<string, unknown>
      expect(coerceArguments(method.parameters, example).problems).toEqual([])
    },
  )

  it('a few methods are deliberately not agent-callable', () => {
    const closed = methods
      .filter(({ method }) => !method.agentCallable)
      .map(({ tool, method }) => `${tool.id}_${method.name}`)
    expect(closed).toEqual(['fs_wipe', 'fs_exportAll', 'fs_importAll'])
  })
})
