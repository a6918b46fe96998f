/**
 * One reply, one set of settings, five readers that must agree call by call: the plan a chat card
 * shows (the tool session's plan), `vcp check` with the same settings, and what actually runs, in
 * the chat loop (a person asked exactly about the calls whose plan needs approval, approving or
 * refusing), in semi-automatic mode (a click per card) and in `vcp exec`. Replies and settings are
 * generated: tool groups and single tools switched off, presets, every call confirmed, approval
 * policies per tool and per method, ask-once answers remembered from before, `$VAR_REF` to a
 * variable that exists and one that does not, requests inside reasoning and tools that do not exist.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createChatRun,
  createToolRegistryManager,
  createToolSession,
  createVariableStore,
  DEFAULT_TOOL_CALL_CONFIG,
  emptyGroupState,
  RUNNABLE_VERDICTS,
  type ApprovalPolicy,
  type ToolRegistry,
  type ToolSettings,
} from '../../../src/core'
import { runCli, VARIABLES_SUFFIX } from '../../../src/cli/vcp'
import { BUILTIN_GROUPS } from '../../../src/tools'
import { createNodeBuiltinTools } from '../../../src/tools/node'
import { memoryIo } from '../../cli/memory-io'
import { approvalKey } from '../../../src/core/execution/approval-rules'

/** Each method call a tool gets, as `routingName args`. */
const calls: string[] = []

/** The tool as it is, with every method call written down. */
function recording(tool: ToolRegistry): ToolRegistry {
  const methods = new Set(tool.getMetadata().methods.map((method) => method.name))
  return new Proxy(tool, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof key !== 'string' || !methods.has(key) || typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(`${tool.id}_${key} ${JSON.stringify(args[0])}`)
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
}

const folder = mkdtempSync(join(tmpdir(), 'vcp-agreement-'))
const tools = createNodeBuiltinTools({ folder }).map(recording)
const registry = createToolRegistryManager()
for (const tool of tools) registry.register(tool)
const SAVED_VARIABLE = { name: 'sum', value: '2+3', type: 'user' as const }
/** The variable as exec saves it, for vcp check and exec to read back. */
const SAVED_FILE = (() => {
  const store = createVariableStore()
  store.set(SAVED_VARIABLE)
  return JSON.stringify(store.list())
})()

/** The pieces requests are made of: real tools, arguments with and without references, a tool that does not exist. */
const request = fc.oneof(
  fc.record({
    tool: fc.constant('calc_evaluate'),
    args: fc.oneof(
      fc.constant({ expression: '1+2' }),
      fc.constant({ expression: '$VAR_REF{{sum}}' }),
      fc.constant({ expression: '$VAR_REF{{missing}}' }),
      fc.constant({}),
    ),
  }),
  fc.record({ tool: fc.constant('text_stats'), args: fc.constantFrom({ text: 'abc' }, { text: '$VAR_REF{{sum}}' }) }),
  fc.record({ tool: fc.constant('datetime_now'), args: fc.constant({}) }),
  fc.record({ tool: fc.constant('vars_ListVars'), args: fc.constant({}) }),
  fc.record({ tool: fc.constant('fs_tree'), args: fc.constant({}) }),
  fc.record({ tool: fc.constant('weather_today'), args: fc.constant({ city: 'Oslo' }) }),
)
const reply = fc.array(fc.record({ request, inReasoning: fc.boolean() }), { minLength: 1, maxLength: 5 })

const policy = fc.constantFrom<ApprovalPolicy>('auto', 'once', 'always')
/** Where a policy may be set: a tool, or one method as its routing name. */
const POLICY_KEYS = ['calc', 'text', 'datetime', 'vars', 'fs', 'calc_evaluate', 'text_stats', 'datetime_now']
const settings = fc.record({
  groupsOff: fc.subarray(BUILTIN_GROUPS.map((group) => group.name)),
  toolsOff: fc.subarray(['calc', 'text', 'datetime', 'vars', 'fs']),
  requireConfirmation: fc.boolean(),
  presetExpression: fc.boolean(),
  policies: fc.dictionary(fc.constantFrom(...POLICY_KEYS), policy, { maxKeys: 4 }),
  /** Ask-once answers a person gave before, by routing name: approved or not. */
  remembered: fc.dictionary(fc.constantFrom('calc_evaluate', 'text_stats', 'datetime_now', 'fs_tree'), fc.boolean(), {
    maxKeys: 3,
  }),
})
type Settings = typeof settings extends fc.Arbitrary<infer T> ? T : never

function replyText(
  blocks: { request: { tool: string; args: Record<string, string> }; inReasoning: boolean }[],
): string {
  return blocks
    .map(({ request: { tool, args }, inReasoning }) => {
      const fields = Object.entries(args).map(([key, value]) => `,\n${key}:「始」${value}「末」`)
      const block = `<<<[TOOL_REQUEST]>>>\ntool_name:「始」${tool}「末」${fields.join('')}\n<<<[END_TOOL_REQUEST]>>>`
      return inReasoning ? `<think>\n${block}\n</think>` : `Some prose.\n${block}`
    })
    .join('\n')
}

function toolSettings(given: Settings) {
  const state = emptyGroupState()
  for (const name of given.groupsOff) state.groups[name] = false
  const file = {
    config: {
      requireConfirmation: given.requireConfirmation,
      toolToggles: Object.fromEntries(given.toolsOff.map((id) => [id, false])),
    },
    groups: { groups: state.groups },
    ...(given.presetExpression ? { presets: { calc: { expression: '6*7' } } } : {}),
    approval: { policies: given.policies },
  }
  const session: ToolSettings = {
    config: { ...DEFAULT_TOOL_CALL_CONFIG, ...file.config },
    groups: { groups: BUILTIN_GROUPS, state },
    ...(file.presets ? { presets: file.presets } : {}),
    approval: file.approval,
  }
  return { file: JSON.stringify(file), session }
}

const CAUTION: ApprovalPolicy[] = ['auto', 'once', 'always']

/**
 * The verdict the settings call for, worked out from first principles. Approval: the most cautious
 * of the person's choices (every call confirmed, the tool's policy, the method's); under 'once', an
 * answer remembered for the call decides (unless `memory` is false: the CLI keeps none).
 */
function verdictFor(
  block: { request: { tool: string; args: Record<string, string> }; inReasoning: boolean },
  given: Settings,
  memory = true,
): string {
  const { tool, args } = block.request
  const toolId = tool.split('_')[0]!
  if (block.inReasoning) return 'in-reasoning'
  if (tool === 'weather_today') return 'unknown-tool'
  const groupOff = BUILTIN_GROUPS.some((group) => given.groupsOff.includes(group.name) && group.tools.includes(toolId))
  if (groupOff || given.toolsOff.includes(toolId)) return 'disabled'
  if (args.expression === '$VAR_REF{{missing}}') return 'invalid-arguments'
  if (tool === 'calc_evaluate' && args.expression === undefined && !given.presetExpression) return 'invalid-arguments'
  const chosen = [given.requireConfirmation ? 'always' : 'auto', given.policies[toolId], given.policies[tool]]
  const rule = CAUTION[Math.max(...chosen.map((p) => CAUTION.indexOf((p ?? 'auto') as ApprovalPolicy)))]
  if (rule === 'auto') return 'ready'
  const known = memory ? given.remembered[tool] : undefined
  if (rule === 'once' && known !== undefined) return known ? 'ready' : 'denied'
  return 'needs-approval'
}

/**
 * A chat's tool session with these settings and the saved variable, remembering the ask-once
 * answers given before for each call of the reply (keyed by its arguments as planned).
 */
function chatSession(session: ToolSettings, text = '', remembered: Settings['remembered'] = {}) {
  const variables = createVariableStore()
  variables.set(SAVED_VARIABLE)
  const fresh = () => createToolSession({ ...session, registry, variables })
  const approvalMemory = new Map<string, { approved: boolean; reason?: string }>()
  const before = fresh()
  for (const request of before.parse(text, { protocol: 'vcp', reasoning: 'include' }).requests) {
    const plan = before.plan(request)
    const answer = plan.routingName === undefined ? undefined : remembered[plan.routingName]
    if (answer !== undefined && plan.routingName)
      approvalMemory.set(approvalKey({ routingName: plan.routingName, args: plan.args }), { approved: answer })
  }
  return createToolSession({ ...session, registry, variables, approvalMemory })
}

async function cli(command: 'check' | 'exec', text: string, file: string): Promise<Record<string, unknown[]>> {
  const io = memoryIo({ r: text, 's.json': file, [folder + VARIABLES_SUFFIX]: SAVED_FILE })
  io.builtinTools = () => tools
  const status = await runCli([command, '--protocol', 'vcp', '--settings', 's.json', '--files', folder, 'r'], io)
  expect(status, io.stderr.join('\n')).toBe(0)
  return JSON.parse(io.stdout[0] as string) as Record<string, unknown[]>
}

/** The calls that ran while `run` ran. */
async function ranDuring(run: () => Promise<unknown>): Promise<string[]> {
  calls.length = 0
  await run()
  return [...calls]
}

describe('plan, check and runs agree', () => {
  it('call by call, over generated replies and settings', async () => {
    await fc.assert(
      fc.asyncProperty(
        reply,
        settings,
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        async (blocks, given, answers) => {
          const text = replyText(blocks)
          const { file, session } = toolSettings(given)
          const cards = chatSession(session, text, given.remembered)
          const requests = cards.parse(text, { protocol: 'vcp', reasoning: 'include' }).requests
          const plans = requests.map((r) => cards.plan(r))
          expect(plans.map((plan) => plan.verdict)).toEqual(blocks.map((block) => verdictFor(block, given)))
          // The CLI keeps no ask-once answers: its plans are those of a session that remembers none.
          const fresh = chatSession(session)
          const cliPlans = fresh
            .parse(text, { protocol: 'vcp', reasoning: 'include' })
            .requests.map((r) => fresh.plan(r))
          expect(cliPlans.map((plan) => plan.verdict)).toEqual(blocks.map((block) => verdictFor(block, given, false)))
          const expected = (n: number, asked: boolean, from = plans) => {
            const plan = from[n]!
            return RUNNABLE_VERDICTS.has(plan.verdict) && asked
              ? [`${plan.routingName} ${JSON.stringify(plan.args)}`]
              : []
          }

          // vcp check: the same verdicts, the same ids.
          const checked = (await cli('check', text, file)).requests as { requestId: string; verdict: string }[]
          expect(checked.map((r) => [r.requestId, r.verdict])).toEqual(
            cliPlans.map((p) => [p.request.requestId, p.verdict]),
          )

          // The chat loop: a person is asked about exactly the calls whose plan needs approval, the
          // others run unasked; what ran is what was ready or approved, with the plan's arguments.
          const loop = chatSession(session, text, given.remembered)
          const loopRequests = loop.parse(text, { protocol: 'vcp', reasoning: 'include' }).requests
          const askedAbout: string[] = []
          const ranInLoop = await ranDuring(() =>
            loop.execute(loopRequests, {
              confirm: (call) => ({ approved: answers[askedAbout.push(call.requestId) - 1]! }),
            }),
          )
          // In order: a call that needs approval is asked about, unless it asks once and the same
          // call (routing name and arguments) was answered earlier in the reply: that answer decides.
          const answered = new Map<string, boolean>()
          let answer = 0
          const shouldAsk: string[] = []
          const runs = plans.map((plan) => {
            if (plan.verdict !== 'needs-approval') return plan.verdict === 'ready'
            const key = `${plan.routingName} ${JSON.stringify(plan.args)}`
            const once = plan.approvalRule?.policy === 'once'
            const earlier = once ? answered.get(key) : undefined
            if (earlier !== undefined) return earlier
            shouldAsk.push(plan.request.requestId)
            const given = answers[answer++]!
            if (once) answered.set(key, given)
            return given
          })
          expect(askedAbout).toEqual(shouldAsk)
          expect(ranInLoop).toEqual(plans.flatMap((_, n) => expected(n, runs[n]!)))

          // Semi-automatic: a click per card runs exactly the cards whose plan says they run.
          const semi = chatSession(session, text, given.remembered)
          const run = createChatRun({ registry })
          const ranByClicks = await ranDuring(async () => {
            for (const r of semi.parse(text, { protocol: 'vcp', reasoning: 'include' }).requests)
              await run.runRequest(r, { toolSession: semi })
          })
          expect(ranByClicks).toEqual(plans.flatMap((_, n) => expected(n, true)))

          // vcp exec (no --approve): what is ready runs; what needs approval is refused.
          const ranByExec = await ranDuring(() => cli('exec', text, file))
          expect(ranByExec).toEqual(cliPlans.flatMap((plan, n) => expected(n, plan.verdict === 'ready', cliPlans)))
        },
      ),
      { numRuns: 60 },
    )
  }, 120_000)
})
