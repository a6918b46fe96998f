/**
 * `npx tsx scripts/bench-template.ts`: how long one render of a large chat template takes, for a
 * 30-tool, 20-turn conversation through real templates (Qwen3, Llama 3.1, gpt-oss). Each figure is
 * set against two measured in the same run on the same input: @huggingface/jinja's own renderer
 * (which does not follow Python's semantics) and JSON.stringify of the messages and tools (a floor:
 * any renderer reads all of them). Rounds interleave the three, and the median of the rounds is shown.
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { Template } from '@huggingface/jinja'
import { renderChatTemplate, type ChatTemplateInput } from '../src/core/templates'
import { LONG_CONVERSATION } from '../src/template-lab/samples'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const WARMUP = 10
const TEMPLATES = ['Qwen-Qwen3-0.6B.jinja', 'meta-llama-Llama-3.1-8B-Instruct.jinja', 'openai-gpt-oss-120b.jinja']

/** The Template view's long sample: 30 tools, 20 turns of a question, a call, its result and an answer. */
function conversation(): ChatTemplateInput {
  return {
    messages: [...LONG_CONVERSATION.messages],
    tools: [...LONG_CONVERSATION.tools],
    addGenerationPrompt: true,
    specialTokens: { bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>' },
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN

function time(run: () => unknown): number {
  const start = performance.now()
  run()
  return performance.now() - start
}

const input = conversation()
const packageInput = {
  messages: input.messages,
  tools: input.tools,
  add_generation_prompt: true,
  documents: null,
  ...input.specialTokens,
}
console.log(
  `Node ${process.version}; ${input.messages.length} messages, ${input.tools?.length} tools; median of ${ROUNDS} rounds`,
)
for (const name of TEMPLATES) {
  const source = readFileSync(new URL(`../tests/fixtures/templates/sources/${name}`, import.meta.url), 'utf8')
  const first = renderChatTemplate(source, input)
  if (!first.ok) throw new Error(`${name}: ${first.error.message}`)
  let packageTemplate: Template | undefined
  try {
    packageTemplate = new Template(source)
    packageTemplate.render(packageInput)
  } catch {
    packageTemplate = undefined
  }
  const ours: number[] = []
  const theirs: number[] = []
  const floor: number[] = []
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const a = time(() => renderChatTemplate(source, input))
    const b = packageTemplate ? time(() => packageTemplate?.render(packageInput)) : NaN
    const c = time(() => JSON.stringify([input.messages, input.tools]))
    if (round < WARMUP) continue
    ours.push(a)
    theirs.push(b)
    floor.push(c)
  }
  // A template text not seen before is parsed first: the median of a few such renders.
  const cold = median(
    Array.from({ length: 7 }, (_, n) => time(() => renderChatTemplate(`${source}{# new text ${n} #}`, input))),
  )
  const ms = median(ours)
  console.log(`\n${name}: ${first.text.length.toLocaleString('en-US')} characters out`)
  console.log(
    `  render (parsed template cached)   ${ms.toFixed(2)} ms; first render of a new text ${cold.toFixed(2)} ms`,
  )
  console.log(
    `  / @huggingface/jinja's render      ${packageTemplate ? (ms / median(theirs)).toFixed(2) + 'x' : 'n/a (it fails on this input)'}`,
  )
  console.log(`  / JSON.stringify of the input      ${(ms / median(floor)).toFixed(1)}x`)
}
