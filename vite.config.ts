import { existsSync, readdirSync } from 'node:fs'
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import components from 'unplugin-vue-components/vite'
import { ElementPlusResolver } from 'unplugin-vue-components/resolvers'
import { llmProxy } from './scripts/llm-proxy.ts'
import { mcpBridge } from './scripts/mcp-bridge.ts'

/**
 * Ports of the workbench's own: 5173 is every Vite project's default, and a page another project
 * once served there shares this origin's storage.
 */
export const WORKBENCH_PORT = 5747
export const PREVIEW_PORT = 5748

/**
 * Dependencies the dev server cannot find by scanning index.html: Element Plus styles (imported by
 * the components plugin while a lazily loaded pane is transformed) and the sandbox worker's QuickJS
 * build. Found late, each re-bundled the dependencies and reloaded the page, and a module already
 * asked for under the old hash failed to load.
 */
function lateDependencies(): string[] {
  const components = 'node_modules/element-plus/es/components'
  const styles = existsSync(components)
    ? readdirSync(components)
        .filter((name) => existsSync(`${components}/${name}/style/css.mjs`))
        .map((name) => `element-plus/es/components/${name}/style/css`)
    : []
  return ['element-plus/es', ...styles, '@jitl/quickjs-singlefile-browser-release-sync', 'quickjs-emscripten-core']
}

/**
 * Where the dependency scan starts: the page, and the browser's workers, which the page starts with
 * `new Worker(new URL(...))`, a form the scan does not follow (the lazily loaded panes it does follow,
 * through their `import()`). What a worker imports is then bundled before the first page is served.
 */
const SCAN_ENTRIES = [
  'index.html',
  'src/parsing/worker.ts',
  'src/template-lab/worker.ts',
  'src/tools/browser/regex-worker.ts',
  'src/tools/browser/quickjs-worker.ts',
]

export default defineConfig({
  plugins: [
    vue(),
    // Element Plus on demand: each <el-*> a template uses is imported with its own styles, so a
    // chunk carries only the components it draws (the chat's drawers load with the chat).
    components({ resolvers: [ElementPlusResolver({ importStyle: 'css' })], dts: false }),
    llmProxy(),
    mcpBridge(),
  ],
  optimizeDeps: { entries: SCAN_ENTRIES, include: lateDependencies() },
  // No CORS: the page carries the bridge secret, and no other page (on any port) may read it.
  server: { host: '127.0.0.1', port: WORKBENCH_PORT, strictPort: true, cors: false },
  preview: { host: '127.0.0.1', port: PREVIEW_PORT, strictPort: true, cors: false },
})
