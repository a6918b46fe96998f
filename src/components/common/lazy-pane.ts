/**
 * A tab's pane that loads with its tab: its code is fetched when the tab is first opened, and a
 * skeleton stands in until it is there (on a first visit that can take seconds).
 */
import { defineAsyncComponent, h, type Component } from 'vue'
import type { TesterTab } from '../../stores/tester'
import PaneSkeleton from './PaneSkeleton.vue'

/**
 * The pane `load` brings, drawn as a skeleton labelled with the tab's name from the first moment
 * (no delay: a blank area even briefly reads as a broken page) until the module has loaded.
 */
export function lazyPane(pane: TesterTab, load: () => Promise<{ default: Component }>): Component {
  return defineAsyncComponent({
    // The pane's modules are evaluated in one task; it is drawn in the next, so the two long
    // pieces of a first visit never add up to one.
    loader: async () => {
      const loaded = await load()
      await new Promise((resolve) => setTimeout(resolve, 0))
      return loaded
    },
    loadingComponent: () => h(PaneSkeleton, { pane }),
    delay: 0,
  })
}
