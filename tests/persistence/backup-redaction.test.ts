import { describe, expect, it } from 'vitest'
import { redactSavedText } from '../../src/persistence/backup-redaction'

const saved = {
  version: 1,
  data: {
    profiles: [{ id: 'ep-1', name: 'Work', apiKey: 'sk-live-0a1b2c3d', model: 'm' }],
    sessions: [{ title: 'Kept', messages: [{ content: 'the server said sk-live-0a1b2c3d back' }] }],
    config: {
      mcpServers: {
        web: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer a"quoted\\\\token' } },
        files: { command: 'npx', args: ['-y', 'server-files'], env: { TOKEN: 'ghp_12345678', EMPTY: '' } },
      },
    },
  },
}

describe('redactSavedText', () => {
  it('replaces API keys and MCP header and env values, keeps everything else, and stays JSON', () => {
    const text = redactSavedText(JSON.stringify(saved))
    expect(JSON.parse(text)).toEqual({
      version: 1,
      data: {
        profiles: [{ id: 'ep-1', name: 'Work', apiKey: '[redacted]', model: 'm' }],
        sessions: [{ title: 'Kept', messages: [{ content: 'the server said [redacted] back' }] }],
        config: {
          mcpServers: {
            web: { url: 'https://example.test/mcp', headers: { Authorization: '[redacted]' } },
            files: { command: 'npx', args: ['-y', 'server-files'], env: { TOKEN: '[redacted]', EMPTY: '' } },
          },
        },
      },
    })
  })

  it('keeps the layout of indented JSON', () => {
    const text = redactSavedText(JSON.stringify({ apiKey: 'sk-abc', other: 'x' }, null, 2))
    expect(text).toBe('{\n  "apiKey": "[redacted]",\n  "other": "x"\n}')
  })

  it('takes the secrets out of text that is not JSON: cut off, or cut inside a secret', () => {
    const full = JSON.stringify(saved)
    for (const cut of [full.length - 3, full.indexOf('ghp_12345678') + 6, full.indexOf('sk-live') + 5]) {
      const text = redactSavedText(full.slice(0, cut))
      for (const secret of ['sk-live', 'ghp_123', 'quoted']) expect(text).not.toContain(secret)
      expect(text.startsWith('{"version":1,"data":{"profiles":[{"id":"ep-1","name":"Work","apiKey":"[redacted]')).toBe(
        true,
      )
    }
  })

  it('leaves a text without secrets as it is, and never throws on odd text', () => {
    expect(redactSavedText('not json at all')).toBe('not json at all')
    expect(redactSavedText('{"tab": "chat"}')).toBe('{"tab": "chat"}')
    for (const odd of ['"', '\\', '{"apiKey"', '{"apiKey":', '}}]]{{', '"apiKey":"\\', '['.repeat(100_000)])
      expect(typeof redactSavedText(odd)).toBe('string')
  })
})
