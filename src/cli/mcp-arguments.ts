/**
 * The words of `vcp mcp`: which action, the configuration file, the server and what is asked of
 * it. Reading never throws; a command line that cannot be used is one sentence.
 */

/** How each action is written, for the sentence that says what is missing. */
export const MCP_ACTION_USAGE = {
  list: 'vcp mcp list --mcp-config FILE',
  'get-prompt': 'vcp mcp get-prompt --mcp-config FILE SERVER NAME [--arg key=value ...]',
  read: 'vcp mcp read --mcp-config FILE SERVER URI',
} as const

/** The actions of `vcp mcp`. */
export type McpAction = keyof typeof MCP_ACTION_USAGE

/** One `vcp mcp` command line, read; `config` is the --mcp-config file's path. */
export type McpCommand =
  | { action: 'list'; config: string }
  | { action: 'get-prompt'; config: string; server: string; prompt: string; args: Record<string, string> }
  | { action: 'read'; config: string; server: string; uri: string }

/** The operands each action takes, named as in its usage. */
const OPERANDS: Record<McpAction, readonly string[]> = {
  list: [],
  'get-prompt': ['SERVER', 'NAME'],
  read: ['SERVER', 'URI'],
}

/** Whether `word` names an action of `vcp mcp`. */
export function isMcpAction(word: string | undefined): word is McpAction {
  return word !== undefined && Object.prototype.hasOwnProperty.call(MCP_ACTION_USAGE, word)
}

/**
 * The command line of `action` (the words after it, sampling and roots options already taken
 * out), or a sentence saying what is wrong: an unknown option, an option without its value, no
 * --mcp-config, a --arg without `=` or given twice, missing or extra operands.
 */
export function readMcpArguments(action: McpAction, args: readonly string[]): McpCommand | { error: string } {
  let config: string | undefined
  const promptArgs: Record<string, string> = {}
  const operands: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (!arg.startsWith('--')) {
      operands.push(arg)
      continue
    }
    if (arg !== '--mcp-config' && !(arg === '--arg' && action === 'get-prompt'))
      return { error: `unknown option ${arg}` }
    const value = args[++i]
    if (value === undefined) return { error: `${arg} needs a value` }
    if (arg === '--mcp-config') {
      config = value
      continue
    }
    const equals = value.indexOf('=')
    if (equals < 1) return { error: `--arg needs key=value, got ${JSON.stringify(value)}` }
    const key = value.slice(0, equals)
    if (Object.prototype.hasOwnProperty.call(promptArgs, key)) return { error: `--arg ${key} is given twice` }
    promptArgs[key] = value.slice(equals + 1)
  }
  if (config === undefined) return { error: '--mcp-config FILE is needed (the servers to ask)' }
  const wanted = OPERANDS[action]
  if (operands.length < wanted.length)
    return { error: `missing ${wanted.slice(operands.length).join(' ')} (usage: ${MCP_ACTION_USAGE[action]})` }
  if (operands.length > wanted.length)
    return {
      error: `too many operands: ${operands.slice(wanted.length).join(' ')} (usage: ${MCP_ACTION_USAGE[action]})`,
    }
  const [server = '', second = ''] = operands
  if (action === 'list') return { action, config }
  if (action === 'read') return { action, config, server, uri: second }
  return { action, config, server, prompt: second, args: promptArgs }
}
