// @vitest-environment happy-dom
/**
 * A server card's Messages log: a tools/list answer of megabytes is drawn cut, with a download of
 * the whole message; only its start is written to be drawn, and the whole once, when needed.
 */
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { McpLogEntry } from '../../../src/core/mcp'
import MessagesLog from '../../../src/components/mcp/MessagesLog.vue'
import { DRAWN_CHARS } from '../../../src/components/mcp/log-text'
import { mountWithApp } from '../../helpers-ui'

/** A tools/list answer of about `chars` characters, with `needle` at its end. */
function bigAnswer(chars: number, needle = ''): JSONRPCMessage {
  return { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'huge', description: 'x'.repeat(chars) + needle }] } }
}

const entry = (message: McpLogEntry['message'], direction: McpLogEntry['direction'] = 'received'): McpLogEntry => ({
  at: Date.UTC(2026, 0, 1, 12, 0, 0),
  direction,
  message,
})

const mountLog = (log: McpLogEntry[]) => mountWithApp(MessagesLog, { props: { log, tick: 0 } })

describe("a server's Messages log", () => {
  it('draws the start of a long message, says it was cut, and offers it whole', () => {
    const log = [entry('Connected to huge-tools 1.0.0', 'event'), entry(bigAnswer(2_400_000))]
    const wrapper = mountLog(log)
    const lines = wrapper.findAll('[data-test="mcp-log-line"]')
    expect(lines).toHaveLength(2)
    const big = lines[0]!
    expect(big.attributes('data-cut')).toBe('true')
    expect(big.find('[data-test="mcp-log-cut"]').text()).toBe('cut after 2,000 characters')
    expect(big.find('code').text()).toBe(`${JSON.stringify(log[1]!.message).slice(0, DRAWN_CHARS)}…`)
    expect(big.find('[data-test="mcp-log-download"]').exists()).toBe(true)
    // A short line is drawn whole, with nothing to download.
    expect(lines[1]!.attributes('data-cut')).toBe('false')
    expect(lines[1]!.text()).toContain('Connected to huge-tools 1.0.0')
    expect(lines[1]!.find('[data-test="mcp-log-download"]').exists()).toBe(false)
  })

  it('writes no message out whole to draw it, and once for the filter, however often it is redrawn', async () => {
    let written = 0
    // JSON.stringify calls toJSON once per writing of the message: it counts them.
    const counted: JSONRPCMessage = Object.assign(bigAnswer(100_000), {
      toJSON: () => (written++, bigAnswer(100_000)),
    })
    const log = [entry(counted)]
    const wrapper = mountLog(log)
    expect(written).toBe(0)
    for (let tick = 1; tick <= 20; tick++) {
      log.push(entry(`event ${tick}`, 'event'))
      await wrapper.setProps({ log, tick })
    }
    expect(written).toBe(0)
    const filter = wrapper.find('input[data-test="mcp-log-filter"]')
    await filter.setValue('huge')
    await nextTick()
    expect(wrapper.findAll('[data-test="mcp-log-line"]')).toHaveLength(1)
    await filter.setValue('hug')
    await filter.setValue('huge')
    expect(written).toBe(1)
    // Once written whole, its whole length is said.
    expect(wrapper.find('[data-test="mcp-log-cut"]').text()).toMatch(/^cut, 100,\d{3} characters in all$/)
  })

  it('filters on the whole message, past what is drawn', async () => {
    const wrapper = mountLog([entry(bigAnswer(50_000, 'needle')), entry('closed', 'event')])
    const filter = wrapper.find('input[data-test="mcp-log-filter"]')
    await filter.setValue('NEEDLE')
    expect(wrapper.findAll('[data-test="mcp-log-line"]')).toHaveLength(1)
    await filter.setValue('absent')
    expect(wrapper.findAll('[data-test="mcp-log-line"]')).toHaveLength(0)
  })
})
