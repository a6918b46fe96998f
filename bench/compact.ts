/**
 * The compact record against native history on a scripted 10-round session: the real loop with
 * real built-in tools (in-memory files), a scripted model that asks for one call per round, and
 * the characters each form would send as history on the next turn.
 */
import {
  compactTranscript,
  createManualClient,
  createToolRegistryManager,
  createVariableStore,
  createVariableTools,
  DEFAULT_TOOL_CALL_CONFIG,
  renderVcpRequest,
  runToolLoop,
  type ChatMessage,
} from '../src/core'
import {
  createCalculatorTool,
  createDateTimeTool,
  createFileSystemTool,
  createMemoryFileStore,
  createTextTool,
} from '../src/tools'

const NOTES = Array.from(
  { length: 120 },
  (_, i) => `- note ${i + 1}: the parser keeps values verbatim, even with 「始」 markers and \`code\`.`,
).join('\n')

const ROUNDS: [string, Record<string, string>][] = [
  ['fs_write', { path: '/notes/parser.md', content: NOTES }],
  ['fs_read', { path: '/notes/parser.md' }],
  ['text_stats', { text: NOTES }],
  ['fs_tree', { path: '/' }],
  ['calc_evaluate', { expression: '120 * 83 / 7' }],
  ['text_hash', { text: NOTES, algorithm: 'SHA-256' }],
  ['datetime_diff', { from: '2026-01-01', to: '2026-11-22', unit: 'days' }],
  ['fs_write', { path: '/notes/summary.md', content: NOTES.slice(0, 2000) }],
  ['fs_read', { path: '/notes/summary.md' }],
  ['text_regexTest', { pattern: 'note (\\d+)', input: NOTES.slice(0, 1500) }],
]

export async function compactFigures(): Promise<{ rounds: number; nativeChars: number; compactChars: number }> {
  const registry = createToolRegistryManager()
  for (const tool of [
    createFileSystemTool(createMemoryFileStore()),
    createCalculatorTool(),
    createTextTool(),
    createDateTimeTool(),
    createVariableTools(),
  ])
    registry.register(tool)
  let round = 0
  const client = createManualClient(async () => {
    const step = ROUNDS[round++]
    if (!step) return 'All ten steps are done: the notes are written, read, counted, hashed and summarised.'
    return `Step ${round}: ${step[0]}.\n\n${renderVcpRequest({ toolName: step[0], args: step[1] })}`
  })
  const { record, messages } = await runToolLoop({
    client,
    history: [{ role: 'user', content: 'Work through the notes in ten steps.' }],
    config: { ...DEFAULT_TOOL_CALL_CONFIG, maxIterations: 20 },
    registry,
    variables: createVariableStore(),
  })
  if (record.status !== 'completed' || record.rounds.length !== ROUNDS.length + 1)
    throw new Error(`the scripted session did not run as written: ${record.status} ${record.error ?? ''}`)
  const failed = record.rounds.flatMap((r) => r.results).filter((r) => r.status !== 'success')
  if (failed.length > 0) throw new Error(`a scripted call failed: ${failed[0]!.toolName}: ${failed[0]!.result}`)
  return { rounds: ROUNDS.length, nativeChars: historyChars(messages), compactChars: compactTranscript(record).length }
}

function historyChars(messages: ChatMessage[]): number {
  return messages.reduce(
    (sum, m) =>
      sum +
      (m.content?.length ?? 0) +
      (m.tool_calls ?? []).reduce((n, c) => n + c.function.name.length + c.function.arguments.length, 0),
    0,
  )
}
