/**
 * Synthetic tools for load: many tools with many typed methods, all agent-callable, each method
 * echoing its arguments. Used by the benchmark and by the app's `?synthetic=N` switch.
 */
import type { MethodMetadata, MethodParameter, ToolRegistry } from '../core'

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'sync', 'export', 'import', 'preview']
const NOUNS = [
  'invoice',
  'customer',
  'ticket',
  'report',
  'image',
  'calendar',
  'message',
  'dataset',
  'build',
  'release',
  'sensor',
  'order',
]

function parametersFor(n: number): MethodParameter[] {
  const parameters: MethodParameter[] = [{ name: 'id', type: 'string', description: 'Identifier of the record.' }]
  if (n % 2 === 0)
    parameters.push({
      name: 'limit',
      type: 'integer',
      required: false,
      defaultValue: 20,
      description: 'Maximum number of items.',
    })
  if (n % 3 === 0)
    parameters.push({
      name: 'mode',
      type: 'enum',
      enumValues: ['fast', 'thorough'],
      required: false,
      defaultValue: 'fast',
    })
  if (n % 5 === 0)
    parameters.push({
      name: 'filter',
      type: 'object',
      required: false,
      properties: [{ name: 'tag', type: 'string', required: false }],
    })
  return parameters
}

/** `methodCount` methods spread over tools of `methodsPerTool` methods each. */
export function createSyntheticTools(methodCount: number, methodsPerTool = 10): ToolRegistry[] {
  const tools: ToolRegistry[] = []
  for (let t = 0; t * methodsPerTool < methodCount; t++) {
    const noun = NOUNS[t % NOUNS.length] as string
    const id = `syn${t}`
    const methods: MethodMetadata[] = []
    const tool: ToolRegistry = {
      id,
      name: `Synthetic ${noun} service ${t}`,
      description: `Generated tool number ${t} for load tests: ${noun} records.`,
      getMetadata: () => ({ methods }),
    }
    for (let m = 0; m < methodsPerTool && t * methodsPerTool + m < methodCount; m++) {
      const name = `${VERBS[m % VERBS.length]}${noun[0]?.toUpperCase()}${noun.slice(1)}${m >= VERBS.length ? m : ''}`
      methods.push({
        name,
        description: `${VERBS[m % VERBS.length]} ${noun} records (synthetic method ${t * methodsPerTool + m}).`,
        agentCallable: true,
        parameters: parametersFor(t + m),
      })
      tool[name] = (args: Record<string, unknown>) => ({ tool: id, method: name, args })
    }
    tools.push(tool)
  }
  return tools
}
