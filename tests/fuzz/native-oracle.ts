/**
 * What every native format owes a reply: the oracle of tests/fuzz/oracle.ts for the format itself
 * (with and without the tools hint) and for auto, which must tell the formats apart without
 * failing on any mix.
 */
import { checkReply, type Chunking } from './oracle'
import type { NativeCase } from './native-replies'

export function checkNativeCase(c: NativeCase, chunking: Chunking): string | null {
  const hints = c.tools ? { tools: c.tools } : {}
  return (
    prefixed(c.format, checkReply(c.text, c.format, chunking, hints)) ??
    // The Parser pane and the CLI keep requests in reasoning: their settled cards must hold too.
    prefixed(
      `${c.format}, reasoning included`,
      checkReply(c.text, c.format, chunking, { ...hints, reasoning: 'include' }),
    ) ??
    prefixed('auto', checkReply(c.text, 'auto', chunking, hints)) ??
    prefixed('auto with a model hint', checkReply(c.text, 'auto', chunking, { ...hints, model: modelFor(c.format) }))
  )
}

function prefixed(what: string, problem: string | null): string | null {
  return problem === null ? null : `${what}: ${problem}`
}

/** A model name the model table maps to the format, so auto reads it trusted. */
const MODELS: Record<string, string> = {
  'qwen3-coder': 'Qwen/Qwen3-Coder-30B-A3B-Instruct',
  'deepseek-v32': 'deepseek-ai/DeepSeek-V3.2',
  'deepseek-v31': 'deepseek-ai/DeepSeek-V3.1',
  'deepseek-v3': 'deepseek-ai/DeepSeek-V3-0324',
  'kimi-k2': 'moonshotai/Kimi-K2-Instruct',
  harmony: 'openai/gpt-oss-20b',
  mistral: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
  glm45: 'zai-org/GLM-4.6',
  'minimax-m1': 'MiniMaxAI/MiniMax-M1-80k',
  'minimax-m2': 'MiniMaxAI/MiniMax-M2',
  'seed-oss': 'ByteDance-Seed/Seed-OSS-36B-Instruct',
  xlam: 'Salesforce/Llama-xLAM-2-8b-fc-r',
  jamba: 'ai21labs/AI21-Jamba-Mini-1.7',
  hunyuan: 'tencent/Hunyuan-A13B-Instruct',
  functiongemma: 'google/functiongemma-270m-it',
  gemma: 'google/gemma-3-27b-it',
  olmo3: 'allenai/Olmo-3-7B-Instruct',
  lfm2: 'LiquidAI/LFM2-1.2B',
  'llama4-pythonic': 'meta-llama/Llama-4-Scout-17B-16E-Instruct',
  pythonic: 'meta-llama/Llama-3.2-3B-Instruct',
  'llama3-json': 'meta-llama/Llama-3.1-8B-Instruct',
  'llama3-builtin': 'meta-llama/Llama-3.3-70B-Instruct',
  'granite-20b-fc': 'ibm-granite/granite-20b-functioncalling',
  granite: 'ibm-granite/granite-3.3-8b-instruct',
  'phi4-mini': 'microsoft/Phi-4-mini-instruct',
  internlm2: 'internlm/internlm2_5-7b-chat',
  step3: 'stepfun-ai/step3',
  longcat: 'meituan-longcat/LongCat-Flash-Chat',
  gigachat3: 'ai-sage/GigaChat3-10B-A1.8B',
  'command-r7b': 'CohereForAI/c4ai-command-r7b-12-2024',
  'functionary-v32': 'meetkai/functionary-medium-v3.2',
  'functionary-v31': 'meetkai/functionary-small-v3.1',
  'firefunction-v2': 'fireworks-ai/llama-3-firefunction-v2',
  ernie45: 'baidu/ERNIE-4.5-21B-A3B-PT',
}

export function modelFor(format: string): string | undefined {
  return MODELS[format]
}
