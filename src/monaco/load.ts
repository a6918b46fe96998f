/**
 * Monaco, loaded on first use: it is large, so it stays out of the first chunk. Only the editor
 * and JSON workers are set up (the panes edit JSON and plain text).
 */
import type * as MonacoEditor from './editor'

export type Monaco = typeof MonacoEditor

let loading: Promise<Monaco> | null = null

/**
 * Whether editors should load Monaco at all: component tests run without workers or layout, and
 * keep the plain text box (without a notice: nothing failed).
 */
export function monacoWanted(): boolean {
  return !import.meta.env.VITEST
}

/**
 * Monaco with its workers set up; the same promise for every caller. When loading fails (a chunk
 * that could not be fetched), the promise rejects with the browser's error, and the next call tries again.
 */
export function loadMonaco(): Promise<Monaco> {
  loading ??= (async () => {
    const [monaco, editorWorker, jsonWorker] = await Promise.all([
      import('./editor'),
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/language/json/json.worker?worker'),
    ])
    globalThis.MonacoEnvironment = {
      getWorker: (_workerId: string, label: string) =>
        label === 'json' ? new jsonWorker.default() : new editorWorker.default(),
    }
    // Evaluating the module is one long task; the first editor is built in the next one, not the same.
    await new Promise((resolve) => setTimeout(resolve, 0))
    return monaco
  })().catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
