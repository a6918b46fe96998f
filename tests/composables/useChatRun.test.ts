import { describe, expect, it } from 'vitest'
import { computed, effectScope, nextTick, watch } from 'vue'
import { createToolRegistryManager, DEFAULT_TOOL_CALL_CONFIG, type ToolCallConfig } from '../../src/core'
import { useChatRun } from '../../src/composables/useChatRun'
import { mathTool } from '../fixtures/tools'

const config = (over: Partial<ToolCallConfig> = {}): ToolCallConfig => ({
  ...DEFAULT_TOOL_CALL_CONFIG,
  toolToggles: {},
  ...over,
})
const ADD = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」2「末」\n<<<[END_TOOL_REQUEST]>>>'
const history = [{ role: 'user' as const, content: '2?' }]

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
  expect(check()).toBe(true)
}

function setup() {
  const registry = createToolRegistryManager()
  registry.register(mathTool())
  const scope = effectScope()
  const chat = scope.run(() => useChatRun({ registry, schedule: (job) => job() }))!
  return { scope, chat }
}

describe('useChatRun', () => {
  it('its rounds, cards and questions are reactive: computeds and watchers follow the run', async () => {
    const { scope, chat } = setup()
    const cardStates: string[] = []
    const cards = scope.run(() =>
      computed(() => chat.rounds.value.flatMap((round) => round.cards.map((card) => card.state))),
    )!
    scope.run(() => watch(cards, (states) => cardStates.push(states.join(',')), { flush: 'sync' }))
    const done = chat.start({ client: chat.manualClient(), history, config: config(), approval: 'always' })
    expect(chat.running.value).toBe(true)
    await until(() => chat.manualRequest.value !== null)
    chat.submitManualReply(ADD)
    await until(() => chat.pending.value.length === 1)
    expect(cards.value).toEqual(['awaiting-approval'])
    chat.approve(chat.pending.value[0]!.id)
    await until(() => chat.manualRequest.value !== null)
    chat.submitManualReply('Two.')
    await done
    expect(chat.status.value).toBe('completed')
    expect(chat.running.value).toBe(false)
    expect(cardStates).toEqual(expect.arrayContaining(['parsed', 'awaiting-approval', 'running', 'done']))
    scope.stop()
  })

  it('stopping its effect scope stops the run in progress and answers its open questions', async () => {
    const { scope, chat } = setup()
    const done = chat.start({ client: chat.manualClient(), history, config: config(), approval: 'always' })
    await until(() => chat.manualRequest.value !== null)
    chat.submitManualReply(ADD)
    await until(() => chat.pending.value.length === 1)
    scope.stop()
    const result = await done
    expect(result.record.status).toBe('aborted')
    expect(result.record.rounds[0]?.results[0]?.status).toMatch(/denied|aborted/)
    expect(chat.pending.value).toEqual([])
    await nextTick()
    await expect(chat.start({ client: chat.manualClient(), history, config: config() })).rejects.toThrow('disposed')
  })

  it('a run waiting for the model is stopped with its scope as well', async () => {
    const { scope, chat } = setup()
    const done = chat.start({ client: chat.manualClient(), history, config: config() })
    await until(() => chat.manualRequest.value !== null)
    scope.stop()
    expect((await done).record.status).toBe('aborted')
    expect(chat.manualRequest.value).toBeNull()
  })
})
