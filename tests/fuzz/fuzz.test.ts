/**
 * The fuzz harness itself: a short fixed-seed run of `npm run fuzz` finds nothing, and its oracle
 * does catch each family of fault it is there for.
 */
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { protocolRegistry, vcpProtocol, type ParseResult, type ToolCallingProtocol } from '../../src/core'
import { checkReply } from './oracle'
import { checkDeepCase } from './deep-oracle'

/** A protocol that is VCP except for one planted fault. */
function faulty(
  id: string,
  fault: (result: ParseResult, text: string) => ParseResult,
  streamFault = false,
): ToolCallingProtocol {
  return {
    ...vcpProtocol,
    id,
    parseToolRequests: (text, options) => fault(vcpProtocol.parseToolRequests(text, options), text),
    createStreamParser(options) {
      const inner = vcpProtocol.createStreamParser(options)
      let text = ''
      return {
        feed: (chunk) => {
          text += chunk
          return inner.feed(streamFault ? chunk.slice(1) : chunk)
        },
        end: () => fault(inner.end(), text),
      }
    },
  }
}

const reply =
  'Sure.\n<<<[TOOL_REQUEST]>>>\ntool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」\n<<<[END_TOOL_REQUEST]>>>\nDone.'

/**
 * A fixed seed, and a time per case generous enough for a machine running two suites at once: here
 * the run checks what the oracle finds, and `npm run fuzz` (3 s a case) is what hunts slow inputs.
 */
const FIXED = ['--seed', '7', '--budget-ms', '30000']

describe('fuzz harness', () => {
  it('a fixed-seed run through every protocol, MCP input, chat streams and native formats finds nothing', () => {
    const targets = ['parser', 'mcp', 'chat', 'native'].flatMap((target) => ['--target', target])
    const run = spawnSync(process.execPath, ['scripts/fuzz.mjs', ...targets, ...FIXED, '--cases', '2500'], {
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(
      /^fuzz: 2500 cases x 5 protocols, 2500 mcp cases, 2500 chat cases, 2500 native cases from seed 7 in [\d.]+ s: nothing found/,
    )
  }, 660_000)

  // A deep case is some 20,000 characters read eight ways: fewer of them.
  it('a fixed-seed run of deeply nested values through every protocol and native format finds nothing', () => {
    const run = spawnSync(process.execPath, ['scripts/fuzz.mjs', '--target', 'deep', ...FIXED, '--cases', '300'], {
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^fuzz: 300 deep cases from seed 7 in [\d.]+ s: nothing found/)
  }, 660_000)

  // Before the faulty protocols below join the registry (auto reads every registered one).
  it('the real parsers pass the oracle on that reply', () => {
    for (const protocol of ['vcp', 'json', 'xml', 'hermes', 'auto'])
      expect(checkReply(reply, protocol, { size: 3 })).toBeNull()
  })

  // The first faulty protocol: auto, which the deep oracle also runs, reads it with the real ones.
  it('the deep-nesting oracle catches a reader that recurses once per level', () => {
    const depthOf = (text: string, at = 0): number => (text[at] === '[' ? 1 + depthOf(text, at + 1) : 0)
    protocolRegistry.register(
      faulty('fault-recursive', (r, text) => (depthOf(text) > 0 ? { ...r, diagnostics: [...r.diagnostics] } : r)),
    )
    expect(checkDeepCase({ protocol: 'fault-recursive', text: '['.repeat(5) }, { size: 3 })).toBeNull()
    expect(checkDeepCase({ protocol: 'fault-recursive', text: '['.repeat(100_000) }, { size: 3 })).toMatch(
      /^fault-recursive: (internal failure|threw).*call stack/,
    )
  })

  it('the oracle catches streaming that differs from one-shot', () => {
    protocolRegistry.register(faulty('fault-stream', (r) => r, true))
    expect(checkReply(reply, 'fault-stream', { size: 7 })).toMatch(/^streaming differs from one-shot/)
  })

  it('the oracle catches a position outside the text', () => {
    protocolRegistry.register(
      faulty('fault-offset', (r, text) => ({
        ...r,
        diagnostics: [
          ...r.diagnostics,
          { severity: 'error', code: 'x', message: 'x', offset: text.length, length: 1, line: 1, column: 1 },
        ],
      })),
    )
    expect(checkReply(reply, 'fault-offset', { cuts: [] })).toMatch(/lies outside the text/)
  })

  it('the oracle catches a throw', () => {
    protocolRegistry.register(
      faulty('fault-throw', () => {
        throw new Error('boom')
      }),
    )
    expect(checkReply(reply, 'fault-throw', { cuts: [] })).toMatch(/internal failure|threw/)
  })
})
