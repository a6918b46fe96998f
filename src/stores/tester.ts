/** The tester shell: which pane is open, the theme and the language. Persisted. */
import { defineStore } from 'pinia'
import { computed, watch } from 'vue'
import { isRecord, persistedRef } from '../persistence/persisted'

export type TesterTab = 'discovery' | 'executor' | 'parser' | 'chat' | 'eval' | 'conformance'
export type Theme = 'light' | 'dark'
export type Locale = 'en' | 'zh'

const TABS: TesterTab[] = ['discovery', 'executor', 'parser', 'chat', 'eval', 'conformance']

interface TesterState {
  tab: TesterTab
  theme: Theme
  locale: Locale
}

function preferredLocale(): Locale {
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('zh') ? 'zh' : 'en'
}

export const useTesterStore = defineStore('tester', () => {
  const state = persistedRef<TesterState>(
    'tester',
    1,
    () => ({ tab: 'discovery', theme: 'light', locale: preferredLocale() }),
    (data) =>
      isRecord(data) &&
      TABS.includes(data.tab as TesterTab) &&
      (data.theme === 'light' || data.theme === 'dark') &&
      (data.locale === 'en' || data.locale === 'zh')
        ? (data as unknown as TesterState)
        : null,
  )
  const tab = computed({ get: () => state.value.tab, set: (tab: TesterTab) => (state.value.tab = tab) })
  const theme = computed({ get: () => state.value.theme, set: (theme: Theme) => (state.value.theme = theme) })
  const locale = computed({ get: () => state.value.locale, set: (locale: Locale) => (state.value.locale = locale) })

  // Element Plus dark mode is the `dark` class on <html>.
  watch(theme, (value) => globalThis.document?.documentElement.classList.toggle('dark', value === 'dark'), {
    immediate: true,
  })

  return { tab, theme, locale }
})
