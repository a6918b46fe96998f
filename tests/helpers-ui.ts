/** Mounting components as the app does: Pinia, i18n and Element Plus, with the built-in tools registered. */
import { afterEach, beforeEach } from 'vitest'
import { mount, type ComponentMountingOptions } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import type { Component } from 'vue'
import { toolRegistryManager, type ToolRegistry } from '../src/core'
import { createMemoryFileStore, registerBuiltinTools } from '../src/tools'
import { createNodeSandboxRunner } from '../src/tools/node'
import { createAppI18n } from '../src/i18n'

/** Registers the built-in tools (memory files, Node sandbox) on the app registry; returns the undo. */
export function withBuiltinTools(): () => void {
  return registerBuiltinTools(toolRegistryManager, {
    files: createMemoryFileStore(),
    sandbox: createNodeSandboxRunner(),
  })
}

export function freshPinia() {
  const pinia = createPinia()
  setActivePinia(pinia)
  return pinia
}

export function mountWithApp<C extends Component>(
  component: C,
  options: ComponentMountingOptions<C> = {} as ComponentMountingOptions<C>,
) {
  const pinia = freshPinia()
  return mount(component, {
    ...options,
    global: { plugins: [pinia, createAppI18n('en'), ElementPlus], ...options.global },
  } as ComponentMountingOptions<C>)
}

/**
 * Each test starts as a fresh page: empty localStorage, a new Pinia, the built-in tools (and any
 * extra tools) registered on the app registry, removed again afterwards.
 */
export function useFreshApp(options: { pinia?: boolean; extraTools?: ToolRegistry[] } = {}): void {
  let undo: () => void = () => {}
  beforeEach(() => {
    localStorage.clear()
    if (options.pinia !== false) freshPinia()
    const removers = [
      withBuiltinTools(),
      ...(options.extraTools ?? []).map((tool) => toolRegistryManager.register(tool)),
    ]
    undo = () => removers.forEach((remove) => remove())
  })
  afterEach(() => undo())
}
