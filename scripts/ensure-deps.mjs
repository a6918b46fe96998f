// Installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone and stay fast afterwards.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const lock = 'package-lock.json'
const marker = 'node_modules/.package-lock.json'
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs

if (stale) {
  console.error('Installing dependencies (npm ci)...')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  // npm's own output goes to stderr too: stdout may be a command's JSON.
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: ['ignore', 2, 2] })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
