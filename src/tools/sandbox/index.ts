import { ToolTimeoutError, type ToolCallContext, type ToolRegistry } from '../../core'
import { MAX_CONCURRENT_SANDBOXES, type SandboxRunner } from './runner'
import { SANDBOX_MEMORY_BYTES } from './quickjs-driver.mjs'

const MAX_TIMEOUT_MS = 20_000

/**
 * `js`: evaluates JavaScript in QuickJS, a separate engine compiled to WebAssembly, stopped at its
 * timeout and its memory limit (see docs/security.md).
 */
export function createSandboxTool(runner: SandboxRunner): ToolRegistry {
  return {
    id: 'js',
    name: 'JavaScript sandbox',
    description: `Evaluates JavaScript in an isolated sandbox (${runner.isolation}) with no access to the page, the network or files.`,
    getMetadata: () => ({
      methods: [
        {
          name: 'evaluate',
          displayName: 'Evaluate JavaScript',
          description:
            'Runs JavaScript and returns the value of the last expression (a promise is awaited) plus everything written with console.log. ' +
            'No DOM, no network, no file system, no imports, no timers. ' +
            `At most ${SANDBOX_MEMORY_BYTES / 1048576} MB of memory; ${MAX_CONCURRENT_SANDBOXES} sandboxes run at once. Use JSON-friendly values.`,
          agentCallable: true,
          parameters: [
            {
              name: 'code',
              type: 'string',
              description: 'A script; its last expression is the result, e.g. "[1,2,3].map(x => x * 2)".',
            },
            {
              name: 'timeoutMs',
              type: 'integer',
              required: false,
              defaultValue: 5000,
              description: `The sandbox is killed after this long (at most ${MAX_TIMEOUT_MS}).`,
            },
          ],
          returns: { type: 'object', description: '{ value, logs }' },
          example: JSON.stringify({
            code: 'const xs = [3, 1, 2];\nconsole.log("sorting", xs.length);\nxs.sort((a, b) => a - b)',
            timeoutMs: 5000,
          }),
        },
      ],
    }),
    async evaluate(args: { code: string; timeoutMs: number }, context: ToolCallContext) {
      if (args.timeoutMs < 1 || args.timeoutMs > MAX_TIMEOUT_MS)
        throw new Error(`timeoutMs must be between 1 and ${MAX_TIMEOUT_MS}, got ${args.timeoutMs}.`)
      // Waiting for one of the few sandboxes is not the call's work: its timeout does not run meanwhile.
      const outcome = await runner.run(args.code, {
        timeoutMs: args.timeoutMs,
        signal: context.signal,
        waitTurn: context.waitTurn,
      })
      if (outcome.ok) return { value: outcome.value, logs: outcome.logs }
      const logs = outcome.logs.length > 0 ? `\nConsole before the failure:\n${outcome.logs.join('\n')}` : ''
      if (outcome.timedOut) throw new ToolTimeoutError(`${outcome.error}${logs}`)
      throw new Error(`${outcome.error}${logs}`)
    },
  }
}
