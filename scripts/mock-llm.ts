/**
 * `npm run mock-llm [-- --port N] [--key KEY] [--no-cors]`: the scripted OpenAI-compatible server
 * for trying the chat without a real model. Listens on 127.0.0.1 only.
 */
import { startMockLlm } from './mock-llm/server'
import { scenarios } from './mock-llm/scenarios'

const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args[at + 1]
}
const port = Number(option('--port') ?? 11435)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${option('--port')}"`)
  process.exit(2)
}
const server = await startMockLlm({ port, apiKey: option('--key'), cors: !args.includes('--no-cors') })
console.log(`Mock OpenAI-compatible server: ${server.baseUrl}`)
console.log(`Models (scenarios): ${Object.keys(scenarios).join(', ')}`)
console.log('POST /v1/completions answers too: eval-right and eval-mixed answer the eval raw completion protocol.')
console.log('In the workbench: Chat > Endpoints > base URL above, any model from the list. Ctrl+C stops it.')
process.on('SIGINT', () => void server.close().then(() => process.exit(0)))
