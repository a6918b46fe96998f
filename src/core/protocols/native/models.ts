/**
 * Which formats a model writes, from its name as a user writes it: `Qwen/Qwen3-Coder-30B-A3B-Instruct`,
 * `deepseek-ai/DeepSeek-V3.1`, `gpt-oss-20b`, `ollama`'s `qwen3-coder:30b`, a GGUF file name. The
 * first row whose pattern matches wins; docs/formats.md prints this table.
 */

export interface ModelRow {
  /** Matched against the lower-cased name, organisation and all. */
  pattern: RegExp
  /** Formats the model writes, the usual one first; `hermes` is the Hermes text protocol. */
  formats: readonly string[]
  /** The models the row stands for, for the docs. */
  models: string
}

/**
 * Model names to the formats they write, read top to bottom: the first matching row wins, so
 * specific names (fine-tunes, versions) come before their families. `formatsForModel` reads it.
 */
export const MODEL_TABLE: readonly ModelRow[] = [
  { pattern: /qwen3(?:\.\d+)?[-_ ]?coder/, formats: ['qwen3-coder'], models: 'Qwen3-Coder, Qwen3-Coder-Next' },
  { pattern: /qwen3\.5/, formats: ['qwen3-coder', 'hermes'], models: 'Qwen3.5' },
  { pattern: /deepseek[-_ ]?v3\.2[-_ ]?exp/, formats: ['deepseek-v31', 'deepseek-v32'], models: 'DeepSeek V3.2-Exp' },
  { pattern: /deepseek[-_ ]?v3\.2/, formats: ['deepseek-v32'], models: 'DeepSeek V3.2, V3.2-Speciale' },
  { pattern: /deepseek[-_ ]?v3\.1/, formats: ['deepseek-v31'], models: 'DeepSeek V3.1, V3.1-Terminus' },
  { pattern: /deepseek[-_ ]?(?:v3|r1|chat)/, formats: ['deepseek-v3'], models: 'DeepSeek V3, V3-0324, R1, R1-0528' },
  { pattern: /kimi[-_ ]?k2/, formats: ['kimi-k2'], models: 'Kimi K2 Instruct, K2 Thinking' },
  { pattern: /gpt[-_ ]?oss/, formats: ['harmony'], models: 'gpt-oss-20b, gpt-oss-120b' },
  {
    pattern: /(?:mistral|mixtral|ministral|magistral|devstral|codestral|pixtral)/,
    formats: ['mistral'],
    models: 'Mistral, Mixtral, Ministral, Magistral, Devstral, Codestral, Pixtral',
  },
  { pattern: /glm[-_ ]?4\.[5-9]/, formats: ['glm45'], models: 'GLM-4.5, GLM-4.5-Air, GLM-4.6, GLM-4.7' },
  { pattern: /minimax[-_ ]?m1/, formats: ['minimax-m1'], models: 'MiniMax-M1' },
  { pattern: /minimax[-_ ]?m2/, formats: ['minimax-m2'], models: 'MiniMax-M2, M2.1' },
  { pattern: /seed[-_ ]?oss/, formats: ['seed-oss'], models: 'Seed-OSS-36B' },
  { pattern: /xlam/, formats: ['xlam'], models: 'xLAM-2, Llama-xLAM' },
  { pattern: /jamba/, formats: ['jamba'], models: 'Jamba 1.5, 1.6, 1.7' },
  { pattern: /hunyuan/, formats: ['hunyuan'], models: 'Hunyuan-A13B' },
  { pattern: /functiongemma/, formats: ['functiongemma'], models: 'FunctionGemma' },
  { pattern: /gemma/, formats: ['gemma'], models: 'Gemma 3' },
  { pattern: /olmo[-_ ]?3/, formats: ['olmo3'], models: 'OLMo 3' },
  { pattern: /lfm2/, formats: ['lfm2'], models: 'LFM2, LFM2.5' },
  // Fine-tunes of Llama 3 that write their own format come before the Llama rows.
  { pattern: /functionary.*3\.2/, formats: ['functionary-v32'], models: 'Functionary v3.2' },
  { pattern: /functionary/, formats: ['functionary-v31'], models: 'Functionary v3.1' },
  { pattern: /firefunction/, formats: ['firefunction-v2'], models: 'FireFunction v2' },
  {
    pattern: /llama[-_ ]?4/,
    formats: ['llama4-pythonic', 'pythonic', 'llama3-json'],
    models: 'Llama 4 Scout, Maverick',
  },
  { pattern: /llama[-_ ]?3\.2/, formats: ['llama3-json', 'pythonic'], models: 'Llama 3.2' },
  { pattern: /llama[-_ ]?3/, formats: ['llama3-json', 'llama3-builtin'], models: 'Llama 3.1, Llama 3.3' },
  { pattern: /granite[-_ ]?20b[-_ ]?function/, formats: ['granite-20b-fc'], models: 'Granite-20B-FunctionCalling' },
  { pattern: /granite/, formats: ['granite'], models: 'Granite 3.0 - 3.3' },
  { pattern: /phi[-_ ]?4[-_ ]?mini/, formats: ['phi4-mini'], models: 'Phi-4-mini' },
  { pattern: /internlm/, formats: ['internlm2'], models: 'InternLM2, InternLM2.5' },
  { pattern: /step[-_ ]?3/, formats: ['step3'], models: 'Step-3' },
  { pattern: /longcat/, formats: ['longcat'], models: 'LongCat-Flash' },
  { pattern: /gigachat/, formats: ['gigachat3'], models: 'GigaChat 3' },
  { pattern: /command[-_ ]?(?:r7b|a)|c4ai[-_ ]?command/, formats: ['command-r7b'], models: 'Command R7B, Command A' },
  { pattern: /ernie/, formats: ['ernie45'], models: 'ERNIE 4.5' },
  { pattern: /toolace/, formats: ['pythonic'], models: 'ToolACE' },
  { pattern: /qwen|qwq|hermes|nous/, formats: ['hermes'], models: 'Qwen2.5, Qwen3, QwQ, Hermes 2 Pro, Hermes 3' },
]

/** The formats a model writes, usual first; empty for a name the table does not know. */
export function formatsForModel(model: string | undefined): readonly string[] {
  if (!model) return []
  const name = model.trim().toLowerCase()
  if (name === '') return []
  return MODEL_TABLE.find((row) => row.pattern.test(name))?.formats ?? []
}
