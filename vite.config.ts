import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import { llmProxy } from './scripts/llm-proxy.ts'
import { mcpBridge } from './scripts/mcp-bridge.ts'

export default defineConfig({
  plugins: [vue(), llmProxy(), mcpBridge()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
})
