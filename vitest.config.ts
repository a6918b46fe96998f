import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Tests wait for states, never for time; this only stops one that hangs. A machine running two
    // suites side by side can take several times the default 5 s for a large property run.
    testTimeout: 30_000,
    // Components import Element Plus's styles on demand; those modules go through Vite, which
    // knows what a .css import is (Node alone does not).
    server: { deps: { inline: [/element-plus[\\/]es[\\/]components[\\/].*[\\/]style/] } },
  },
})
