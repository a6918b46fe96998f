import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import components from 'unplugin-vue-components/vite'
import { ElementPlusResolver } from 'unplugin-vue-components/resolvers'
import { llmProxy } from './scripts/llm-proxy.ts'
import { mcpBridge } from './scripts/mcp-bridge.ts'

export default defineConfig({
  plugins: [
    vue(),
    // Element Plus on demand: each <el-*> a template uses is imported with its own styles, so a
    // chunk carries only the components it draws (the chat's drawers load with the chat).
    components({ resolvers: [ElementPlusResolver({ importStyle: 'css' })], dts: false }),
    llmProxy(),
    mcpBridge(),
  ],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
})
