/**
 * Reading the chat's saved state item by item: every valid endpoint, agent, session and message
 * is kept; a field of the wrong type is set back to its default, an item that cannot be read is
 * dropped, and each of these is said in `repairs` (shown to the user, who can download the
 * original). One bad message must never cost the rest, API keys included.
 */
import { DEFAULT_TOOL_CALL_CONFIG, type ToolCallConfig } from '../core'
import { isRecord } from '../core/internal'
import {
  defaultAgent,
  manualProfile,
  MANUAL_PROFILE_ID,
  newId,
  newSession,
  type Agent,
  type ChatSession,
  type ChatState,
  type EndpointProfile,
  type StoredMessage,
} from './model'
import { readVersions } from './saved-versions'

type Check = (value: unknown) => boolean
const isString: Check = (v) => typeof v === 'string'
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v)
const isBoolean: Check = (v) => typeof v === 'boolean'
const isNullableNumber: Check = (v) => v === null || isNumber(v)
const oneOf =
  (...values: unknown[]): Check =>
  (v) =>
    values.includes(v)

/**
 * Copies `record[key]` into `target` when `ok` accepts it; otherwise a number written as text is
 * read as the number, and anything else takes the default. Returns the key when it was not kept.
 */
function take(
  target: Record<string, unknown>,
  record: Record<string, unknown>,
  key: string,
  ok: Check,
  fallback: unknown,
): string | null {
  const value = record[key]
  if (ok(value)) {
    target[key] = value
    return null
  }
  if (ok === isNumber || ok === isNullableNumber) {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
    if (Number.isFinite(number)) {
      target[key] = number
      return key
    }
  }
  target[key] = fallback
  return value === undefined && fallback === undefined ? null : key
}

/** Takes every listed field; the names of those that were repaired. */
function takeAll(
  target: Record<string, unknown>,
  record: Record<string, unknown>,
  fields: [string, Check, unknown][],
): string[] {
  const repaired: string[] = []
  for (const [key, ok, fallback] of fields) {
    const changed = take(target, record, key, ok, fallback)
    if (changed) repaired.push(key)
  }
  return repaired
}

function named(record: Record<string, unknown>, what: string, index: number): string {
  return typeof record.name === 'string'
    ? `${what} "${record.name}"`
    : typeof record.title === 'string'
      ? `${what} "${record.title}"`
      : `${what} #${index + 1}`
}

function fieldsNote(who: string, repaired: string[]): string {
  return `${who}: ${repaired.join(', ')} had the wrong type and ${repaired.length === 1 ? 'was' : 'were'} reset`
}

function readProfile(value: unknown, index: number, repairs: string[]): EndpointProfile | null {
  if (!isRecord(value) || typeof value.id !== 'string') {
    repairs.push(`endpoint #${index + 1} could not be read and was removed`)
    return null
  }
  const fallback =
    value.id === MANUAL_PROFILE_ID ? manualProfile() : { ...manualProfile(), kind: 'openai', name: 'Endpoint' }
  const profile: Record<string, unknown> = { id: value.id }
  const repaired = takeAll(profile, value, [
    ['name', isString, fallback.name],
    ['kind', oneOf('manual', 'openai'), fallback.kind],
    ['baseUrl', isString, ''],
    ['apiKey', isString, ''],
    ['model', isString, ''],
    ['temperature', isNullableNumber, null],
    ['maxTokens', isNullableNumber, null],
    ['idleTimeoutSeconds', (v) => v === undefined || isNullableNumber(v), undefined],
    ['maxAnswerMB', (v) => v === undefined || isNullableNumber(v), undefined],
    ['maxLineMB', (v) => v === undefined || isNullableNumber(v), undefined],
    ['template', (v) => v === undefined || isString(v), undefined],
  ])
  for (const optional of ['idleTimeoutSeconds', 'maxAnswerMB', 'maxLineMB', 'template'] as const)
    if (profile[optional] === undefined) delete profile[optional]
  if (repaired.length > 0) repairs.push(fieldsNote(named(value, 'endpoint', index), repaired))
  return profile as unknown as EndpointProfile
}

const CONFIG_CHECKS: Record<keyof ToolCallConfig, Check> = {
  enabled: isBoolean,
  mode: oneOf('auto', 'manual'),
  toolToggles: (v) => isRecord(v) && Object.values(v).every(isBoolean),
  defaultToolEnabled: isBoolean,
  maxIterations: isNumber,
  timeout: isNumber,
  requireConfirmation: isBoolean,
  parallelExecution: isBoolean,
  protocol: isString,
  runFencedCalls: (v) => v === undefined || isBoolean(v),
} as Record<keyof ToolCallConfig, Check>

function readAgent(value: unknown, index: number, repairs: string[]): Agent | null {
  if (!isRecord(value) || typeof value.id !== 'string') {
    repairs.push(`agent #${index + 1} could not be read and was removed`)
    return null
  }
  const defaults = defaultAgent()
  const agent: Record<string, unknown> = { id: value.id }
  const repaired = takeAll(agent, value, [
    ['name', isString, 'Agent'],
    ['systemPrompt', isString, defaults.systemPrompt],
    ['calling', oneOf('text', 'native'), defaults.calling],
    ['flow', oneOf('loop', 'semi-automatic'), defaults.flow],
    ['policies', (v) => isRecord(v) && Object.values(v).every(oneOf('auto', 'once', 'always')), {}],
    [
      'resultPolicies',
      (v) => v === undefined || (isRecord(v) && Object.values(v).every(oneOf('never', 'on-error', 'always'))),
      undefined,
    ],
    ['presets', (v) => v === undefined || (isRecord(v) && Object.values(v).every(isRecord)), undefined],
  ])
  if (agent.resultPolicies === undefined) delete agent.resultPolicies
  if (agent.presets === undefined) delete agent.presets
  const savedConfig = isRecord(value.config) ? value.config : {}
  const config: Record<string, unknown> = { ...savedConfig }
  const defaultsConfig = { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {} } as unknown as Record<string, unknown>
  for (const [key, ok] of Object.entries(CONFIG_CHECKS)) {
    if (take(config, savedConfig, key, ok, defaultsConfig[key])) repaired.push(`config.${key}`)
  }
  if (config.runFencedCalls === undefined) delete config.runFencedCalls
  agent.config = config
  if (repaired.length > 0) repairs.push(fieldsNote(named(value, 'agent', index), repaired))
  return agent as unknown as Agent
}

const isRecordList = (v: unknown): boolean => Array.isArray(v) && v.every(isRecord)
/** What the chat view reads of a run record; anything else is dropped rather than rendered. */
const isRunRecord: Check = (v) =>
  isRecord(v) &&
  isString(v.status) &&
  isNumber(v.startedAt) &&
  isNumber(v.durationMs) &&
  isRecord(v.usage) &&
  Array.isArray(v.rounds) &&
  v.rounds.every(
    (r) =>
      isRecord(r) &&
      isNumber(r.index) &&
      isString(r.content) &&
      isRecordList(r.toolCalls) &&
      isRecordList(r.requests) &&
      isRecordList(r.diagnostics) &&
      isRecordList(r.results) &&
      isRecord(r.timings),
  )
const isWire: Check = (v) =>
  Array.isArray(v) && v.every((m) => isRecord(m) && isString(m.role) && (m.content === null || isString(m.content)))
const isSemi: Check = (v) => isRecord(v) && isRecordList(v.requests) && isRecord(v.results) && isBoolean(v.continued)

function readMessage(value: unknown, index: number, where: string, repairs: string[], depth = 0): StoredMessage | null {
  if (!isRecord(value) || (value.role !== 'user' && value.role !== 'assistant')) {
    repairs.push(`${where}: message #${index + 1} could not be read and was removed`)
    return null
  }
  const message: Record<string, unknown> = { role: value.role }
  const repaired = takeAll(message, value, [
    ['id', isString, newId('message')],
    ['content', isString, ''],
    ['createdAt', isNumber, Date.now()],
    ['kind', (v) => v === undefined || v === 'tool-result', undefined],
    ['run', (v) => v === undefined || isRunRecord(v), undefined],
    ['wire', (v) => v === undefined || isWire(v), undefined],
    ['status', (v) => v === undefined || isString(v), undefined],
    ['error', (v) => v === undefined || isString(v), undefined],
    ['semi', (v) => v === undefined || isSemi(v), undefined],
  ])
  for (const key of Object.keys(message)) if (message[key] === undefined) delete message[key]
  if (repaired.length > 0) repairs.push(fieldsNote(`${where}, message #${index + 1}`, repaired))
  const versions = readVersions(value.versions, `${where}, message #${index + 1}`, depth, repairs, (list, label, d) =>
    readMessages(list, label, d, repairs),
  )
  if (versions) message.versions = versions
  return message as unknown as StoredMessage
}

/** A list of saved messages, read one by one; those that cannot be read are dropped (and said). */
function readMessages(list: unknown[], where: string, depth: number, repairs: string[]): StoredMessage[] {
  return list.map((m, k) => readMessage(m, k, where, repairs, depth)).filter((m): m is StoredMessage => m !== null)
}

function readSession(
  value: unknown,
  index: number,
  agents: Agent[],
  profiles: EndpointProfile[],
  repairs: string[],
): ChatSession | null {
  if (!isRecord(value) || typeof value.id !== 'string') {
    repairs.push(`chat #${index + 1} could not be read and was removed`)
    return null
  }
  const session: Record<string, unknown> = { id: value.id }
  const repaired = takeAll(session, value, [
    ['title', isString, 'Untitled chat'],
    ['agentId', (v) => agents.some((a) => a.id === v), (agents[0] as Agent).id],
    ['profileId', (v) => profiles.some((p) => p.id === v), MANUAL_PROFILE_ID],
    ['createdAt', isNumber, Date.now()],
    ['historyMode', (v) => v === undefined || v === 'native' || v === 'compact', undefined],
  ])
  if (session.historyMode === undefined) delete session.historyMode
  const where = named(value, 'chat', index)
  if (repaired.length > 0) repairs.push(fieldsNote(where, repaired))
  if (!Array.isArray(value.messages)) {
    if (value.messages !== undefined) repairs.push(`${where}: its messages could not be read and were removed`)
    session.messages = []
  } else {
    session.messages = readMessages(value.messages, where, 0, repairs)
  }
  return session as unknown as ChatSession
}

function readList<T>(
  value: unknown,
  what: string,
  read: (item: unknown, index: number) => T | null,
  repairs: string[],
): T[] {
  if (!Array.isArray(value)) {
    if (value !== undefined) repairs.push(`the ${what} could not be read and were reset`)
    return []
  }
  return value.map(read).filter((item): item is T => item !== null)
}

/** The saved chat state, read item by item (see the top of this file); null only when it is not an object at all. */
export function readChatState(data: unknown, repairs: string[] = []): ChatState | null {
  if (!isRecord(data)) return null
  const profiles = readList(data.profiles, 'endpoints', (p, k) => readProfile(p, k, repairs), repairs)
  if (!profiles.some((p) => p.id === MANUAL_PROFILE_ID)) profiles.unshift(manualProfile())
  const agents = readList(data.agents, 'agents', (a, k) => readAgent(a, k, repairs), repairs)
  if (agents.length === 0) agents.push(defaultAgent())
  const sessions = readList(data.sessions, 'chats', (s, k) => readSession(s, k, agents, profiles, repairs), repairs)
  if (sessions.length === 0) sessions.push(newSession((agents[0] as Agent).id, MANUAL_PROFILE_ID))
  const active =
    typeof data.activeSessionId === 'string' && sessions.some((s) => s.id === data.activeSessionId)
      ? data.activeSessionId
      : (sessions[0] as ChatSession).id
  return { profiles, agents, sessions, activeSessionId: active }
}
