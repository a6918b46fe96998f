/**
 * Templates from vLLM's examples/: its tool_chat_template_*.jinja, most written or adapted by vLLM
 * for its tool-call parsers. The commit is the last one that changed them (2026-05-18).
 */
import type { VendoredTemplate } from '../catalog'

const REPOSITORY = 'vllm-project/vllm'
const COMMIT = '4a39b4f55374d48ebaa2ca02312e24639db8e0b8'
const LICENCE = 'Apache-2.0 (vllm-project/vllm); model licence unknown (not stated in the source)'

function fromVllm(file: string, entry: Omit<VendoredTemplate, 'source' | 'licence'>): VendoredTemplate {
  const path = `examples/${file}`
  return {
    ...entry,
    source: {
      repository: REPOSITORY,
      path,
      commit: COMMIT,
      url: `https://github.com/${REPOSITORY}/blob/${COMMIT}/${path}`,
    },
    licence: LICENCE,
  }
}

/** The vLLM templates, by file name. */
export const VLLM_TEMPLATES: readonly VendoredTemplate[] = [
  fromVllm('tool_chat_template_deepseekr1.jinja', {
    id: 'vllm-deepseek-r1',
    label: 'DeepSeek R1-0528 (vLLM)',
    family: 'DeepSeek',
    formats: ['deepseek-v3'],
    sha256: 'fe055ac311d9124c659636da3104f3dd39a19f36b8c2cc11b9bc0affb4e052f5',
  }),
  fromVllm('tool_chat_template_deepseekv3.jinja', {
    id: 'vllm-deepseek-v3',
    label: 'DeepSeek V3-0324 (vLLM)',
    family: 'DeepSeek',
    formats: ['deepseek-v3'],
    sha256: '76233095fd644a6238e4dfff3192e4ac4494be9f184f2ea8e9526f46a2c5b44b',
  }),
  fromVllm('tool_chat_template_deepseekv31.jinja', {
    id: 'vllm-deepseek-v3.1',
    label: 'DeepSeek V3.1 (vLLM)',
    family: 'DeepSeek',
    formats: ['deepseek-v31'],
    sha256: '8b99b81c2f0d3ab06c63a6e615429167869ca2713bd5c05d8a001176d4d262be',
  }),
  fromVllm('tool_chat_template_functiongemma.jinja', {
    id: 'vllm-functiongemma',
    label: 'FunctionGemma 270M (vLLM)',
    family: 'Gemma',
    formats: ['functiongemma'],
    sha256: '9d60691c7f5e3fe6d76215f16957a97fe72151b73dd8a1a2555e9dde2b398407',
  }),
  fromVllm('tool_chat_template_gemma3_pythonic.jinja', {
    id: 'vllm-gemma3-pythonic',
    label: 'Gemma 3, pythonic calls (vLLM)',
    family: 'Gemma',
    formats: ['pythonic'],
    notes: "vLLM's own: teaches a bare [NAME(KEY=VALUE)] list, not the ```tool_code block of the gemma format.",
    sha256: '659a5b7f8c93ba6364ddd81b0e0224b3c98987268bfe03f2c8a01a18c1087a15',
  }),
  fromVllm('tool_chat_template_glm4.jinja', {
    id: 'vllm-glm4',
    label: 'GLM-4.6V-Flash (vLLM)',
    family: 'GLM',
    formats: ['glm45'],
    notes: 'vLLM\'s template for GLM-4.6V-Flash (its commit: "Fix GLM-4.6v flash tool calling").',
    sha256: '0719a4c065b073523d341f7b3b232dda9f96c57a1bdafed2f1683f3e70c8185d',
  }),
  fromVllm('tool_chat_template_granite.jinja', {
    id: 'vllm-granite',
    label: 'Granite 3.0 (vLLM)',
    family: 'Granite',
    formats: ['granite'],
    notes: 'The Granite 3.0 form: <|tool_call|> and a JSON list.',
    sha256: '16744456e2bfb33c1aa40d3bd7ab3d62ccc0eb9f5b4ba1143f239036e8a32df4',
  }),
  fromVllm('tool_chat_template_granite_20b_fc.jinja', {
    id: 'vllm-granite-20b-fc',
    label: 'Granite 20B FunctionCalling (vLLM)',
    family: 'Granite',
    formats: ['granite-20b-fc'],
    sha256: '4bb42dac7699af82a14ad29cd55101c767b4225722ee9a206bcc0315c1da5b5d',
  }),
  fromVllm('tool_chat_template_hermes.jinja', {
    id: 'vllm-hermes',
    label: 'Hermes 2 Pro / Hermes 3 (vLLM)',
    family: 'Hermes',
    formats: ['hermes'],
    sha256: '9d08161b0665b9d3459943bb57c7a680f42e77cdbc97d4f87b9426b03c8bab89',
  }),
  fromVllm('tool_chat_template_hunyuan_a13b.jinja', {
    id: 'vllm-hunyuan-a13b',
    label: 'Hunyuan-A13B Instruct (vLLM)',
    family: 'Hunyuan',
    formats: ['hunyuan'],
    notes: "The grammar is jamba's: <tool_calls>[...]</tool_calls>.",
    sha256: '05d3f879ab20407534faf2ad9e6fc714120b51f5931d53d5f376314b63165b6a',
  }),
  fromVllm('tool_chat_template_internlm2_tool.jinja', {
    id: 'vllm-internlm2',
    label: 'InternLM2.5 Chat (vLLM)',
    family: 'InternLM',
    formats: ['internlm2'],
    sha256: 'e00f16381b76d36b914c5da339c7835da4a7602271e269b0990dd9ccee442b0f',
  }),
  fromVllm('tool_chat_template_llama3.1_json.jinja', {
    id: 'vllm-llama3.1-json',
    label: 'Llama 3.1, JSON calls (vLLM)',
    family: 'Llama',
    formats: ['llama3-json'],
    sha256: '8aedd05f7ab549b897b929c89da9b62e537f4f4197f33736e9d2f10fea53b1bf',
  }),
  fromVllm('tool_chat_template_llama3.2_pythonic.jinja', {
    id: 'vllm-llama3.2-pythonic',
    label: 'Llama 3.2, pythonic calls (vLLM)',
    family: 'Llama',
    formats: ['pythonic'],
    sha256: 'a4958a09420919b8c591d33dad1f818af8ab5e48a7273dc79448a5ee8771c3f5',
  }),
  fromVllm('tool_chat_template_llama4_json.jinja', {
    id: 'vllm-llama4-json',
    label: 'Llama 4, JSON calls (vLLM)',
    family: 'Llama',
    formats: ['llama3-json'],
    sha256: 'c5d275e741705515099acdfb4c313e7e9e30ac6e06afc4f7f6d1182f6e3eb56d',
  }),
  fromVllm('tool_chat_template_llama4_pythonic.jinja', {
    id: 'vllm-llama4-pythonic',
    label: 'Llama 4, pythonic calls (vLLM)',
    family: 'Llama',
    formats: ['llama4-pythonic', 'pythonic'],
    notes: 'A bare [NAME(KEY="VALUE")] list without <|python_start|>: llama4-pythonic and pythonic both read it.',
    sha256: '3fe950790d033a6ee07a563fb6ad7c34e40f860b8ff99333b0b0aed6204ba258',
  }),
  fromVllm('tool_chat_template_minimax_m1.jinja', {
    id: 'vllm-minimax-m1',
    label: 'MiniMax-M1 (vLLM)',
    family: 'MiniMax',
    formats: ['minimax-m1'],
    sha256: 'e1790d8fbe1c587e6fc385e2a712363f86faf52ae1fb1fcbfc5ded3eb1fae70a',
  }),
  fromVllm('tool_chat_template_mistral3.jinja', {
    id: 'vllm-mistral3',
    label: 'Mistral Small 3 (vLLM)',
    family: 'Mistral',
    formats: ['mistral'],
    notes: 'Array form: [TOOL_CALLS] [{...}].',
    sha256: 'a53352b09d6ecea66e281fe41fb8849283ec3d44e31e716c0471c976e20a6b1c',
  }),
  fromVllm('tool_chat_template_phi4_mini.jinja', {
    id: 'vllm-phi4-mini',
    label: 'Phi-4-mini Instruct (vLLM)',
    family: 'Phi',
    formats: ['phi4-mini'],
    notes: 'The system text asks for functools[...]; past calls are rendered as bare JSON objects without it.',
    sha256: 'b79920e63d66e05500b4f087cfd86d9d9123443a6bf7e0975aa4ec7c59aa8a38',
  }),
  fromVllm('tool_chat_template_qwen3coder.jinja', {
    id: 'vllm-qwen3-coder',
    label: 'Qwen3-Coder (vLLM)',
    family: 'Qwen',
    formats: ['qwen3-coder'],
    sha256: '5a38bfa05833266240066aedc497decc9b00cc0d3e3b8cceea98cf530196ab06',
  }),
  fromVllm('tool_chat_template_toolace.jinja', {
    id: 'vllm-toolace',
    label: 'ToolACE 8B (vLLM)',
    family: 'ToolACE',
    formats: ['pythonic'],
    sha256: 'b9ded9033e0fe5445320864c25e09b2e56a2e98f08b305591a2fcd0c2d1d7a9c',
  }),
  fromVllm('tool_chat_template_xlam_llama.jinja', {
    id: 'vllm-xlam-llama',
    label: 'Llama-xLAM-2 (vLLM)',
    family: 'xLAM',
    formats: ['xlam'],
    sha256: '777a5f5ca9ed21c53f304755725fae008da2a1ad7712fb0698310e23cc1c71c9',
  }),
  fromVllm('tool_chat_template_xlam_qwen.jinja', {
    id: 'vllm-xlam-qwen',
    label: 'Qwen-xLAM / xLAM-2 (vLLM)',
    family: 'xLAM',
    formats: ['xlam'],
    sha256: '1d41a6a1069756ec894eff8eef5cacf89a2338107d376af6903d4c334a9f24b6',
  }),
]
