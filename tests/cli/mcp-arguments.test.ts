import { describe, expect, it } from 'vitest'
import { isMcpAction, readMcpArguments } from '../../src/cli/mcp-arguments'
import { safeJson } from '../../src/cli/mcp-command'

describe('readMcpArguments', () => {
  it('reads each action with its operands, options in any place', () => {
    expect(readMcpArguments('list', ['--mcp-config', 'm.json'])).toEqual({ action: 'list', config: 'm.json' })
    expect(readMcpArguments('read', ['s', '--mcp-config', 'm.json', 'demo://a?b=c'])).toEqual({
      action: 'read',
      config: 'm.json',
      server: 's',
      uri: 'demo://a?b=c',
    })
    expect(
      readMcpArguments('get-prompt', ['--arg', 'q=a=b', '--mcp-config', 'm.json', 's', 'p', '--arg', 'empty=']),
    ).toEqual({ action: 'get-prompt', config: 'm.json', server: 's', prompt: 'p', args: { q: 'a=b', empty: '' } })
  })

  it.each([
    ['list', ['--mcp-config'], '--mcp-config needs a value'],
    ['list', ['--mcp-config', 'm', 'extra'], 'too many operands: extra'],
    ['list', ['--mcp-config', 'm', '--arg', 'a=b'], 'unknown option --arg'],
    ['read', ['--mcp-config', 'm', 's', 'u', '--verbose'], 'unknown option --verbose'],
    ['read', ['s', 'u'], '--mcp-config FILE is needed'],
    ['read', ['--mcp-config', 'm'], 'missing SERVER URI'],
    ['get-prompt', ['--mcp-config', 'm', 's'], 'missing NAME'],
    ['get-prompt', ['--mcp-config', 'm', 's', 'p', '--arg', 'city'], '--arg needs key=value, got "city"'],
    ['get-prompt', ['--mcp-config', 'm', 's', 'p', '--arg', '=Paris'], '--arg needs key=value'],
    ['get-prompt', ['--mcp-config', 'm', 's', 'p', '--arg', 'a=1', '--arg', 'a=2'], '--arg a is given twice'],
    ['get-prompt', ['--mcp-config', 'm', 's', 'p', '--arg'], '--arg needs a value'],
  ] as const)('%s %j: %s', (action, args, reason) => {
    const read = readMcpArguments(action, args)
    expect(read).toHaveProperty('error')
    expect((read as { error: string }).error).toContain(reason)
  })

  it('knows its actions, and nothing an object inherits', () => {
    expect(['list', 'get-prompt', 'read'].every(isMcpAction)).toBe(true)
    expect(isMcpAction('toString')).toBe(false)
    expect(isMcpAction(undefined)).toBe(false)
  })
})

describe('safeJson', () => {
  it('escapes what reorders or hides text on a terminal, keeping the value', () => {
    const value = { text: 'a\u202Eb\u200Bc\u2028d\u0085e', plain: 'Paris, 巴黎' }
    const line = safeJson(value)
    expect(line).not.toMatch(/[\u0080-\u009F\u200B\u2028\u202E]/)
    expect(line).toContain('\\u202e')
    expect(line).toContain('巴黎')
    expect(JSON.parse(line)).toEqual(value)
  })
})
