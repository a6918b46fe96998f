/** The mock LLM server and a registry of the real built-in tools (Node backends) for loop tests. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import {
  createToolRegistryManager,
  DEFAULT_TOOL_CALL_CONFIG,
  type ToolCallConfig,
  type ToolRegistryManager,
} from '../../../src/core'
import { createNodeBuiltinTools } from '../../../src/tools/node'
import { startMockLlm, type MockLlm } from '../../../scripts/mock-llm/server'

export interface ChatFixture {
  server: MockLlm
  registry: ToolRegistryManager
}

/** Starts the server and the tools once per file; each test reads `fixture.server` and `fixture.registry`. */
export function useChatFixture(options: { apiKey?: string } = {}): ChatFixture {
  const fixture = {} as ChatFixture
  let folder = ''
  beforeAll(async () => {
    fixture.server = await startMockLlm({ apiKey: options.apiKey })
    folder = await mkdtemp(join(tmpdir(), 'vcp-chat-'))
    fixture.registry = createToolRegistryManager()
    for (const tool of createNodeBuiltinTools({ folder })) fixture.registry.register(tool)
  })
  afterAll(async () => {
    await fixture.server?.close()
    if (folder) await rm(folder, { recursive: true, force: true })
  })
  return fixture
}

export function config(overrides: Partial<ToolCallConfig> = {}): ToolCallConfig {
  return { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {}, ...overrides }
}
