/** A CliIo over files held in memory, with what the command printed, for in-process CLI tests. */
import type { CliIo } from '../../src/cli/vcp'
import { createNodeBuiltinTools } from '../../src/tools/node'

export function memoryIo(files: Record<string, string>, stdin = ''): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = []
  const stderr: string[] = []
  return {
    stdout,
    stderr,
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file, open '${path}'`)
      return files[path] as string
    },
    writeFile: async (path, text) => {
      files[path] = text
    },
    readStdin: async () => stdin,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    builtinTools: (folder) => createNodeBuiltinTools({ folder }),
  }
}
