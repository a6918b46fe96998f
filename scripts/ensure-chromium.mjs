// The browser tests drive Debian's Chromium at /usr/bin/chromium. When it is missing, install it
// (with CJK fonts for the Chinese UI) through apt-get, as root or with sudo; never download a browser.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const CHROMIUM = '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium and fonts-noto-cjk with apt-get...`)
  const root = process.getuid?.() === 0
  const run = (args) =>
    spawnSync(root ? args[0] : 'sudo', root ? args.slice(1) : ['-n', ...args], {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  const update = run(['apt-get', 'update', '-qq'])
  const install =
    update.status === 0
      ? run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'])
      : update
  if (install.status !== 0 || !existsSync(CHROMIUM)) {
    console.error(
      `Could not install Chromium (apt-get exited with ${install.status}). Install it by hand: sudo apt-get install chromium fonts-noto-cjk`,
    )
    process.exit(1)
  }
}
