/**
 * The `vcp` command line. Kept apart from process globals so tests can run it in-process.
 *
 *   vcp parse [--protocol ID] [--chunk N] FILE|- ...
 */
import { createRequestIdSession, createStreamParser, parseToolRequests, protocolRegistry } from '../core'
import type { ParseResult } from '../core'

export interface CliIo {
  readFile(path: string): Promise<string>
  readStdin(): Promise<string>
  out(line: string): void
  err(line: string): void
}

export const USAGE = `Usage:
  vcp parse [--protocol ID] [--chunk N] FILE|- ...   print each file's requests and diagnostics as one JSON line

Options:
  --protocol ID   protocol to parse with (default: vcp; known: ${protocolRegistry.list().map((p) => p.id).join(', ')})
  --chunk N       feed the text to the streaming parser N characters at a time
  -               read standard input

Exit status: 0 when every file was read (problems in the text are reported as data),
2 on bad usage or an unreadable file.`

class UsageError extends Error {}

interface ParseCommand {
  protocol: string
  chunk: number | null
  files: string[]
}

function readParseArgs(args: string[]): ParseCommand {
  const command: ParseCommand = { protocol: 'vcp', chunk: null, files: [] }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--protocol' || arg === '--chunk') {
      const value = args[++i]
      if (value === undefined) throw new UsageError(`${arg} needs a value`)
      if (arg === '--protocol') {
        if (!protocolRegistry.get(value)) throw new UsageError(`unknown protocol "${value}"`)
        command.protocol = value
      } else {
        const n = Number(value)
        if (!Number.isInteger(n) || n < 1) throw new UsageError(`--chunk needs a positive whole number, got "${value}"`)
        command.chunk = n
      }
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg}`)
    } else {
      command.files.push(arg)
    }
  }
  if (command.files.length === 0) throw new UsageError('no file given (use - for standard input)')
  return command
}

function parseText(text: string, command: ParseCommand): ParseResult {
  const options = { session: createRequestIdSession() }
  if (command.chunk === null) return parseToolRequests(text, command.protocol, options)
  const stream = createStreamParser(command.protocol, options)
  for (let i = 0; i < text.length; i += command.chunk) stream.feed(text.slice(i, i + command.chunk))
  return stream.end()
}

/** Compact output: everything but the raw block text and per-field details. */
export function toOutput(result: ParseResult): unknown {
  return {
    requests: result.requests.map((r) => ({
      requestId: r.requestId,
      toolName: r.toolName,
      args: r.args,
      valid: r.valid,
      start: r.start,
      end: r.end,
      ...(r.inReasoning ? { inReasoning: true } : {}),
      ...(r.fenced ? { fenced: true } : {}),
    })),
    diagnostics: result.diagnostics,
  }
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    ;(command === undefined ? io.err : io.out)(USAGE)
    return command === undefined ? 2 : 0
  }
  if (command !== 'parse') {
    io.err(`vcp: unknown command "${command}"\n\n${USAGE}`)
    return 2
  }
  let parsed: ParseCommand
  try {
    parsed = readParseArgs(rest)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`vcp parse: ${error.message}\n\n${USAGE}`)
    return 2
  }
  let status = 0
  for (const file of parsed.files) {
    let text: string
    try {
      text = file === '-' ? await io.readStdin() : await io.readFile(file)
    } catch (error) {
      io.err(`vcp parse: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
      status = 2
      continue
    }
    io.out(JSON.stringify(toOutput(parseText(text, parsed))))
  }
  return status
}
