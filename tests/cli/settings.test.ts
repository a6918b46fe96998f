/** `vcp check` and `vcp exec` with --settings: a reply checked and run as an agent is set up. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/vcp'
import { memoryIo } from './memory-io'

const CALC =
  '<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>'

async function run(args: string[], files: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), 'vcp-settings-'))
  const io = memoryIo({ r: CALC, ...files })
  const status = await runCli([...args, '--files', folder, 'r'], io)
  return { status, io, out: io.stdout[0] ? (JSON.parse(io.stdout[0]) as Record<string, unknown[]>) : undefined }
}

describe('--settings', () => {
  it('a group switched off makes its tools disabled in check, and exec does not run them', async () => {
    const settings = JSON.stringify({ groups: { groups: { Compute: false } } })
    const checked = await run(['check', '--settings', 's.json'], { 's.json': settings })
    expect(checked.status).toBe(0)
    expect(checked.out?.requests).toMatchObject([{ toolName: 'calc_evaluate', verdict: 'disabled' }])
    const ran = await run(['exec', '--settings', 's.json'], { 's.json': settings })
    expect(ran.out?.results).toMatchObject([{ status: 'denied' }])
    expect(JSON.stringify(ran.out?.results)).toContain('switched off')
  })

  it('a config that confirms every call: check says needs-approval, exec refuses without --approve and runs with it', async () => {
    const files = { 's.json': JSON.stringify({ config: { requireConfirmation: true } }) }
    expect((await run(['check', '--settings', 's.json'], files)).out?.requests).toMatchObject([
      { verdict: 'needs-approval' },
    ])
    expect((await run(['exec', '--settings', 's.json'], files)).out?.results).not.toMatchObject([{ status: 'success' }])
    expect((await run(['exec', '--settings', 's.json', '--approve'], files)).out?.results).toMatchObject([
      { status: 'success' },
    ])
  })

  it("a tool's approval policy: check says needs-approval, exec refuses without --approve; the most cautious choice wins", async () => {
    const always = { 's.json': JSON.stringify({ approval: { policies: { calc: 'always' } } }) }
    expect((await run(['check', '--settings', 's.json'], always)).out?.requests).toMatchObject([
      { verdict: 'needs-approval' },
    ])
    expect((await run(['exec', '--settings', 's.json'], always)).out?.results).toMatchObject([{ status: 'denied' }])
    // A method on auto does not lower its confirmed config.
    const confirmed = {
      's.json': JSON.stringify({
        config: { requireConfirmation: true },
        approval: { policies: { calc_evaluate: 'auto' } },
      }),
    }
    expect((await run(['check', '--settings', 's.json'], confirmed)).out?.requests).toMatchObject([
      { verdict: 'needs-approval' },
    ])
    const auto = { 's.json': JSON.stringify({ approval: { policies: { calc: 'auto' } } }) }
    expect((await run(['exec', '--settings', 's.json'], auto)).out?.results).toMatchObject([{ status: 'success' }])
  })

  it('an unreadable or malformed settings file exits 2 with the reason', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'cannot read s.json'],
      [{ 's.json': '{' }, 's.json is not JSON'],
      [{ 's.json': '[]' }, 'must hold a JSON object'],
      [{ 's.json': '{"config": {"timeout": "soon"}}' }, '"config.timeout" must be a number'],
      [{ 's.json': '{"config": {"colour": 1}}' }, '"config.colour" is not a setting'],
      [{ 's.json': '{"groups": {"groups": {"Compute": "off"}}}' }, '"groups" must be'],
      [{ 's.json': '{"presets": {"calc": 1}}' }, '"presets" must be'],
      [{ 's.json': '{"approval": {"policies": {"calc": "sometimes"}}}' }, '"approval" must be'],
      [{ 's.json': '{"approval": {"policy": "always"}}' }, '"approval.policy" is not a setting'],
    ]
    for (const [files, reason] of cases) {
      const { status, io } = await run(['check', '--settings', 's.json'], files)
      expect(status).toBe(2)
      expect(io.stderr.join('\n')).toContain(reason)
    }
  })
})
