/**
 * What will happen to a call is one answer: the chat card's plan (the chat's tool session) and the
 * chat run started as the store starts it agree on whether a call asks first, whatever the agent's
 * "confirm every call" and its per-tool policies say.
 */
import { describe, expect, it } from 'vitest'
import {
  createChatRun,
  createToolRegistryManager,
  createToolSession,
  type ApprovalPolicy,
  type ChatRun,
  type ModelClient,
} from '../../../src/core'
import { defaultAgent, manualProfile, type Agent } from '../../../src/saved-chats/model'
import { runStartFor } from '../../../src/stores/chat/run-start'
import { agentToolSettings } from '../../../src/stores/chat/tool-sessions'
import { mathTool } from '../../fixtures/tools'

const ADD =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」math_add「末」,\na:「始」2「末」,\nb:「始」40「末」\n<<<[END_TOOL_REQUEST]>>>'

/** A model that asks for the call once, then answers. */
function model(): ModelClient {
  const replies = [`Adding.\n${ADD}`, 'Done.']
  return { complete: async () => ({ content: replies.shift() ?? 'Done.', toolCalls: [], finishReason: 'stop' }) }
}

function agentWith(requireConfirmation: boolean, policy?: ApprovalPolicy): Agent {
  const agent = defaultAgent()
  return {
    ...agent,
    config: { ...agent.config, requireConfirmation },
    policies: policy ? { math: policy } : {},
  }
}

/** The card's plan for the call, and whether the run asked before running it. */
async function planAndRun(agent: Agent): Promise<{ plan: string; asked: boolean; ran: boolean }> {
  const registry = createToolRegistryManager()
  const math = mathTool()
  registry.register(math)
  const tools = createToolSession({ registry })
  tools.configure(agentToolSettings(agent, { groups: [], state: { groups: {}, tools: {} } }))
  const [request] = tools.parse(ADD, { protocol: 'vcp' }).requests
  const plan = tools.plan(request!).verdict
  const run: ChatRun = createChatRun({ registry, schedule: (job) => job() })
  let asked = false
  run.subscribe((state) => {
    for (const question of state.pending) {
      asked = true
      question.decide({ approved: true })
    }
  })
  const start = runStartFor({
    agent,
    profile: manualProfile(),
    history: [{ role: 'user', content: '2 + 40?' }],
    tools,
    manualClient: model,
  })
  await run.start({ ...start, client: model() })
  return { plan, asked, ran: math.calls.length > 0 }
}

describe('the card and the run agree on approval', () => {
  it('with every call confirmed and the tool set to auto, the plan needs approval and the run asks', async () => {
    expect(await planAndRun(agentWith(true, 'auto'))).toEqual({ plan: 'needs-approval', asked: true, ran: true })
  })

  it('with no confirmation and the tool set to always, the plan needs approval and the run asks', async () => {
    expect(await planAndRun(agentWith(false, 'always'))).toEqual({ plan: 'needs-approval', asked: true, ran: true })
  })

  it('with neither, the plan is ready and the run does not ask', async () => {
    expect(await planAndRun(agentWith(false, 'auto'))).toEqual({ plan: 'ready', asked: false, ran: true })
    expect(await planAndRun(agentWith(false))).toEqual({ plan: 'ready', asked: false, ran: true })
  })
})
