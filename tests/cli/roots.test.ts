/** `--root PATH` on the commands that connect MCP servers: read into file:// URIs and answered to roots/list. */
import { describe, expect, it } from 'vitest'
import { rootsFromArguments, rootsHandlers } from '../../src/cli/roots'
import { readArgs, UsageError } from '../../src/cli/arguments'
import { runCli } from '../../src/cli/vcp'
import { memoryIo } from './memory-io'
import { loggingServer } from '../fixtures/mcp/logging-server'

describe('rootsFromArguments', () => {
  it('takes every --root out, relative paths from the working folder, URIs as they are, each once', () => {
    const read = rootsFromArguments(
      ['x', '--root', '/srv/My Data', '--root', 'notes/日记', '--root', 'file:///srv/My%20Data', 'y'],
      '/home/me',
    )
    if ('error' in read) throw new Error(read.error)
    expect(read.rest).toEqual(['x', 'y'])
    expect(read.roots).toEqual([{ uri: 'file:///srv/My%20Data' }, { uri: 'file:///home/me/notes/%E6%97%A5%E8%AE%B0' }])
    expect(read.handlers.roots?.('any')).toEqual(read.roots)
  })

  it('says what is wrong: no value, or no folder', () => {
    expect(rootsFromArguments(['--root'])).toEqual({ error: '--root needs a folder' })
    expect(rootsFromArguments(['--root', ' '])).toEqual({ error: '--root needs a folder' })
    expect(rootsFromArguments(['--root', 'https://example.com/'])).toMatchObject({
      error: expect.stringContaining('https: URI'),
    })
  })

  it('declares nothing without roots', () => {
    expect(rootsHandlers([])).toEqual({})
    const read = rootsFromArguments(['a'])
    expect(read).toEqual({ rest: ['a'], roots: [], handlers: {} })
  })
})

describe('--root on the command line', () => {
  it('is read by the commands that take --mcp-config, and is unknown elsewhere', () => {
    expect(readArgs('tools', ['--root', '/a', '--mcp-config', 'm.json']).roots).toEqual([{ uri: 'file:///a' }])
    expect(readArgs('exec', ['--root', '/a', '--root', '/b', 'reply.txt']).roots).toHaveLength(2)
    expect(readArgs('tools', []).roots).toEqual([])
    expect(() => readArgs('parse', ['--root', '/a', 'f.txt'])).toThrow(UsageError)
    expect(() => readArgs('tools', ['--root', 'ftp://x/'])).toThrow(/--root: /)
  })

  it('the connected servers are answered these roots', async () => {
    const heard = loggingServer()
    const io = { ...memoryIo({ 'mcp.json': JSON.stringify({ mcpServers: { s: { url: 'http://127.0.0.1:1/' } } }) }) }
    io.mcpTransport = () => heard.connect()
    const status = await runCli(['tools', '--mcp-config', 'mcp.json', '--root', '/srv/a b', '--root', 'C:\\x'], io)
    expect(status).toBe(0)
    expect(heard.roots).toEqual([{ uri: 'file:///srv/a%20b' }, { uri: 'file:///C:/x' }])
  })

  it('without --root the servers are not offered roots', async () => {
    const heard = loggingServer()
    const io = memoryIo({ 'mcp.json': JSON.stringify({ mcpServers: { s: { url: 'http://127.0.0.1:1/' } } }) })
    io.mcpTransport = () => heard.connect()
    expect(await runCli(['tools', '--mcp-config', 'mcp.json'], io)).toBe(0)
    expect(heard.roots).toBeUndefined()
  })
})
