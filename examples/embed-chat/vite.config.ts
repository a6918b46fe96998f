import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  // The browser tools start Web Workers from files next to them (`new URL(..., import.meta.url)`);
  // pre-bundling for the dev server would move the module away from those files.
  optimizeDeps: { exclude: ['vcp-workbench'] },
})
