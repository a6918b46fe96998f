/**
 * Ctrl+Enter (Cmd+Enter) runs the open pane's main action. Each pane registers its action; the
 * shell calls the one of the open tab.
 */
import { inject, onScopeDispose, provide, type InjectionKey } from 'vue'

type Action = () => void
export interface PaneActions {
  register(tab: string, action: Action): () => void
  run(tab: string): boolean
}

const KEY: InjectionKey<PaneActions> = Symbol('pane-actions')

export function providePaneActions(): PaneActions {
  const actions = new Map<string, Action>()
  const registry: PaneActions = {
    register(tab, action) {
      actions.set(tab, action)
      return () => {
        if (actions.get(tab) === action) actions.delete(tab)
      }
    },
    run(tab) {
      const action = actions.get(tab)
      action?.()
      return action !== undefined
    },
  }
  provide(KEY, registry)
  return registry
}

/** Registers this pane's main action for as long as the component lives. */
export function usePaneAction(tab: string, action: Action): void {
  const registry = inject(KEY, null)
  if (!registry) return
  onScopeDispose(registry.register(tab, action))
}
