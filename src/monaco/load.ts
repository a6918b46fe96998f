/**
 * Monaco, loaded on first use: it is large, so it stays out of the first chunk. Only the editor
 * and JSON workers are set up (the panes edit JSON and plain text).
 */
import type * as MonacoEditor from './editor'

export type Monaco = typeof MonacoEditor

let loading: Promise<Monaco> | null = null

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
    return monaco
  })()
  return loading
}
