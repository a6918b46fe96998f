/**
 * The Discovery pane: search, sort and filters over every registered tool, and the tool whose
 * detail is open. The search index is rebuilt only when tools come and go.
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { modelFacingMethod, routingName, toolRegistryManager, type MethodMetadata, type ToolRegistry } from '../core'
import { isRecord, persistedRef } from '../persistence/persisted'
import { appRegistryVersion } from '../registry-version'

export type DiscoverySort = 'name' | 'methods'

interface DiscoveryState {
  query: string
  sort: DiscoverySort
  agentOnly: boolean
  requiredOnly: boolean
  toolId: string
  selected: string
}

export interface IndexedMethod {
  method: MethodMetadata
  routingName: string
  /** Lower-case text searched: method name, routing name, description, parameter names. */
  haystack: string
  hasRequired: boolean
}

export interface IndexedTool {
  tool: ToolRegistry
  /** Lower-case tool name, id and description. */
  haystack: string
  methods: IndexedMethod[]
}

export interface ToolMatch {
  tool: ToolRegistry
  methods: IndexedMethod[]
  total: number
}

function terms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

export const useDiscoveryStore = defineStore('discovery', () => {
  const state = persistedRef<DiscoveryState>(
    'discovery',
    1,
    () => ({ query: '', sort: 'name', agentOnly: false, requiredOnly: false, toolId: '', selected: '' }),
    (data) =>
      isRecord(data) &&
      typeof data.query === 'string' &&
      (data.sort === 'name' || data.sort === 'methods') &&
      typeof data.agentOnly === 'boolean' &&
      typeof data.requiredOnly === 'boolean' &&
      typeof data.toolId === 'string' &&
      typeof data.selected === 'string'
        ? (data as unknown as DiscoveryState)
        : null,
  )
  const registryVersion = appRegistryVersion()

  // Sorted by name once per registry change: filtering keeps the order, so a keystroke never sorts.
  const index = computed<IndexedTool[]>(() => {
    void registryVersion.value
    // Natural order: "service 35" before "service 347".
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
    const tools = [...toolRegistryManager.list()].sort((a, b) => collator.compare(a.name, b.name))
    return tools.map((tool) => ({
      tool,
      haystack: `${tool.name}\n${tool.id}\n${tool.description ?? ''}`.toLowerCase(),
      // Shown as the model sees it (`limit` included); searched by what the method itself declares.
      methods: tool.getMetadata().methods.map((method) => ({
        method: modelFacingMethod(method),
        routingName: routingName(tool.id, method.name),
        haystack:
          `${method.name}\n${routingName(tool.id, method.name)}\n${method.displayName ?? ''}\n${method.description}\n${method.parameters.map((p) => p.name).join(' ')}`.toLowerCase(),
        hasRequired: method.parameters.some((p) => p.required !== false && p.defaultValue === undefined),
      })),
    }))
  })

  const toolOptions = computed(() =>
    index.value.map(({ tool }) => ({ value: tool.id, label: `${tool.name} (${tool.id})` })),
  )

  /**
   * Tools with their matching methods. A term selects the methods whose own text holds it; a term
   * that only the tool's name, id or description holds selects all of its methods.
   */
  const matches = computed<ToolMatch[]>(() => {
    const wanted = terms(state.value.query)
    const { agentOnly, requiredOnly, toolId } = state.value
    const out: ToolMatch[] = []
    for (const entry of index.value) {
      if (toolId && entry.tool.id !== toolId) continue
      if (entry.methods.length === 0) {
        // A server with no tools (only prompts or resources) keeps its card: its offer lives there.
        if (!agentOnly && !requiredOnly && wanted.every((term) => entry.haystack.includes(term)))
          out.push({ tool: entry.tool, methods: [], total: 0 })
        continue
      }
      let methods = entry.methods.filter(
        (m) => (!agentOnly || m.method.agentCallable === true) && (!requiredOnly || m.hasRequired),
      )
      for (const term of wanted) {
        const direct = methods.filter((m) => m.haystack.includes(term))
        methods = direct.length > 0 || !entry.haystack.includes(term) ? direct : methods
        if (methods.length === 0) break
      }
      if (methods.length > 0) out.push({ tool: entry.tool, methods, total: entry.methods.length })
    }
    // Stable sort: equal counts keep the name order of the index.
    if (state.value.sort === 'methods') out.sort((a, b) => b.methods.length - a.methods.length)
    return out
  })

  const methodCount = computed(() => matches.value.reduce((n, m) => n + m.methods.length, 0))
  const selectedTool = computed(() => index.value.find((entry) => entry.tool.id === state.value.selected) ?? null)

  return { state, matches, methodCount, toolOptions, selectedTool, terms: computed(() => terms(state.value.query)) }
})

/** Splits `text` into plain and matched pieces for highlighting. */
export function highlight(text: string, wanted: readonly string[]): { text: string; match: boolean }[] {
  if (wanted.length === 0 || text === '') return [{ text, match: false }]
  const lower = text.toLowerCase()
  const marks = new Array<boolean>(text.length).fill(false)
  for (const term of wanted) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length))
      marks.fill(true, at, at + term.length)
  }
  const pieces: { text: string; match: boolean }[] = []
  let start = 0
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marks[i] !== marks[start]) {
      pieces.push({ text: text.slice(start, i), match: marks[start] as boolean })
      start = i
    }
  }
  return pieces
}
