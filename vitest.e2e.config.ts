import { defineConfig } from 'vitest/config'

// Browser tests: real Chromium against the dev server, one file at a time.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for a state; on a busy 2-core machine a page can take seconds to reach it
    // (the default of 1 s once cut off a paste's cards half drawn).
    expect: { poll: { timeout: 20_000 } },
  },
})
