import { createReadStream } from 'node:fs'
import { appendFile, readFile, writeFile } from 'node:fs/promises'
import { runCli } from '../src/cli/vcp'
import { createNodeBuiltinTools } from '../src/tools/node'

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

// A reader that stopped early (`| head`) is not an error of ours: end quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const status = await runCli(process.argv.slice(2), {
  readFile: (path) => readFile(path, 'utf8'),
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  appendFile: (path, text) => appendFile(path, text, 'utf8'),
  // A stream read with an encoding yields strings, a multi-byte character never split.
  readFileChunks: (path) => createReadStream(path, { encoding: 'utf8' }) as AsyncIterable<string>,
  isTty: process.stderr.isTTY === true,
  errRaw: (text) => process.stderr.write(text),
  env: process.env,
  // Ctrl+C stops a conformance run, which then exits 130; a second Ctrl+C ends the process at once.
  onInterrupt: (stop) => {
    process.once('SIGINT', stop)
    return () => process.off('SIGINT', stop)
  },
  readStdin,
  out: (line) => process.stdout.write(line + '\n'),
  outRaw: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(line + '\n'),
  builtinTools: (folder) => createNodeBuiltinTools({ folder }),
})
process.exitCode = status
