// A tool-calling agent in plain Node (no tsx, no bundler), on the installed package:
//
//   npm install vcp-workbench
//   node node-agent.mjs http://127.0.0.1:11434/v1 qwen3 "What is 6 * 7?"
//
// The model gets the VCP tools prompt of the built-in tools; its requests run against them (files
// in ./files, JavaScript in the QuickJS sandbox), round after round, until it answers.
import { createOpenAIClient, createToolRegistryManager, DEFAULT_TOOL_CALL_CONFIG, runToolLoop } from 'vcp-workbench'
import { createNodeBuiltinTools } from 'vcp-workbench/tools/node'

const [baseUrl = 'http://127.0.0.1:11434/v1', model = 'qwen3', question = 'What is 6 * 7?'] = process.argv.slice(2)

const registry = createToolRegistryManager()
for (const tool of createNodeBuiltinTools({ folder: './files' })) registry.register(tool)

const { record, content } = await runToolLoop({
  client: createOpenAIClient({ baseUrl, model, apiKey: process.env.OPENAI_API_KEY ?? '' }),
  history: [{ role: 'user', content: question }],
  config: { ...DEFAULT_TOOL_CALL_CONFIG, toolToggles: {} },
  registry,
  callbacks: {
    onToolCallComplete: (result) =>
      console.error(`[${result.status}] ${result.toolName}: ${result.result.slice(0, 120)}`),
  },
})
console.log(JSON.stringify({ status: record.status, rounds: record.rounds.length, content }))
