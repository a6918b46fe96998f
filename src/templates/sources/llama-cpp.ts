/**
 * Templates from llama.cpp's models/templates/ (see llama-cpp-source.ts), the first half of the folder in its order.
 */
import type { VendoredTemplate } from '../catalog'
import { fromLlamaCpp } from './llama-cpp-source'
import { LLAMA_CPP_TEMPLATES_MORE } from './llama-cpp-more'

/** The llama.cpp templates, in the folder's order: the first half, then LLAMA_CPP_TEMPLATES_MORE. */
export const LLAMA_CPP_TEMPLATES_FIRST: readonly VendoredTemplate[] = [
  fromLlamaCpp('Apertus-8B-Instruct.jinja', {
    id: 'apertus-8b-instruct',
    label: 'Apertus 8B Instruct',
    family: 'Apertus',
    formats: [],
    notes:
      'Calls are <|tools_prefix|>[{"NAME": {...}}]<|tools_suffix|>, a format the catalog does not read. llama.cpp has edited the file since adding it.',
    sha256: 'dea688e9f24a339a0d2504f6840852adbcedb082373172a0b82ca2c55996768d',
  }),
  fromLlamaCpp('Apriel-1.6-15b-Thinker-fixed.jinja', {
    id: 'apriel-1.6-15b-thinker',
    label: 'Apriel 1.6 15B Thinker',
    family: 'Apriel',
    formats: ['jamba'],
    notes:
      'Apriel\'s own <tool_calls>[{"name", "arguments"}]</tool_calls>: the jamba grammar, not a Jamba model. llama.cpp has edited the file since adding it.',
    sha256: '2f5ce4b3c1e0ab30fc5f204a151aba5ee584615b0aa641afc2d58bcccfe33bdb',
  }),
  fromLlamaCpp('Bielik-11B-v3.0-Instruct.jinja', {
    id: 'bielik-11b-v3.0-instruct',
    label: 'Bielik 11B v3.0 Instruct',
    family: 'Bielik',
    formats: ['hermes'],
    notes: 'Hermes <tool_call>{...}</tool_call>, with the tool list in <|function_list|>.',
    sha256: 'a30b8c4531dda19196f35fb95ab84110dd8357acbd75eea3776c5543a70db5a9',
  }),
  fromLlamaCpp('ByteDance-Seed-OSS.jinja', {
    id: 'seed-oss-36b-instruct',
    label: 'Seed-OSS 36B Instruct',
    family: 'Seed-OSS',
    formats: ['seed-oss'],
    sha256: '3f9e0dc4adeb8032287d0129dc75b6298fee8698a52ab41e863dbc89929330d3',
  }),
  fromLlamaCpp('CohereForAI-c4ai-command-r-plus-tool_use.jinja', {
    id: 'c4ai-command-r-plus',
    label: 'Command R+ (tool_use)',
    family: 'Command',
    formats: [],
    notes:
      'Writes "Action: ```json [...]```", which no format of the catalog reads; MODEL_TABLE\'s c4ai-command pattern names command-r7b for it.',
    sha256: 'bf9e9ee8c0f2297c6ff60af5fab357d7b34bc4375884ed16ab6aa90597d7eb7d',
  }),
  fromLlamaCpp('CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja', {
    id: 'c4ai-command-r7b-12-2024',
    label: 'Command R7B 12-2024 (tool_use)',
    family: 'Command',
    formats: ['command-r7b'],
    notes: 'llama.cpp has edited the file since adding it.',
    sha256: 'cc60b553279347d83df761f5dc55b4b2fb66bc1fa9a33e219911c13c11552fac',
  }),
  fromLlamaCpp('GLM-4.6.jinja', {
    id: 'glm-4.6',
    label: 'GLM-4.6',
    family: 'GLM',
    formats: ['glm45'],
    sha256: '8804f445c761b9f259e3c1126a579d481a22ca09b2a3d32bcc4eb91bc36e0301',
  }),
  fromLlamaCpp('GLM-4.7-Flash.jinja', {
    id: 'glm-4.7-flash',
    label: 'GLM-4.7-Flash',
    family: 'GLM',
    formats: ['glm45'],
    notes: 'The GLM-4.7 layout: name and <arg_key>/<arg_value> pairs on one line, no newlines.',
    sha256: 'd63ad536c3c81880043e22ec7fd08db42b4d8fb7c89c7138bc562bfa25281375',
  }),
  fromLlamaCpp('GigaChat3-10B-A1.8B.jinja', {
    id: 'gigachat3-10b-a1.8b',
    label: 'GigaChat 3 10B-A1.8B',
    family: 'GigaChat',
    formats: ['gigachat3'],
    notes: 'GigaChat 3: a "function call" role message; only the first of several tool_calls is rendered.',
    sha256: 'bbbf2de800b645dfe032b1d85e1d6479d78fd82d38d4af0d8d5bb2dacacd20d6',
  }),
  fromLlamaCpp('GigaChat3.1-10B-A1.8B.jinja', {
    id: 'gigachat3.1-10b-a1.8b',
    label: 'GigaChat 3.1 10B-A1.8B',
    family: 'GigaChat',
    formats: ['gigachat3'],
    notes: 'GigaChat 3.1: <|function_call|> after the assistant text; only the first tool call is rendered.',
    sha256: '304f0d64aa3ba30ee85c281befdeb0e5b32aed232b06dee1752310daa1208a4b',
  }),
  fromLlamaCpp('Kimi-K2-Instruct.jinja', {
    id: 'kimi-k2-instruct',
    label: 'Kimi K2 Instruct',
    family: 'Kimi',
    formats: ['kimi-k2'],
    notes: 'llama.cpp has edited the file since adding it.',
    sha256: '1d396d5b128cdb9b2a4ef73434fa08d31c75604a11daa77bcb4b622d32dddd41',
  }),
  fromLlamaCpp('Kimi-K2-Thinking.jinja', {
    id: 'kimi-k2-thinking',
    label: 'Kimi K2 Thinking',
    family: 'Kimi',
    formats: ['kimi-k2'],
    notes: 'llama.cpp has edited the file since adding it.',
    sha256: '2f6c593d50682612ccc3229f043ecd1bdeb5a32fdfe86ca2158203a61d885817',
  }),
  fromLlamaCpp('LFM2-8B-A1B.jinja', {
    id: 'lfm2-8b-a1b',
    label: 'LFM2 8B-A1B',
    family: 'LFM',
    formats: ['lfm2'],
    notes:
      'Renders no tool_calls (the calls stay in the content); only <|tool_list_start|> around the tools shows the family. llama.cpp has edited the file since adding it.',
    sha256: '2294f49b51a0b9a1b0194add3f124237b5bd986599f43180eec49bba4de01365',
  }),
  fromLlamaCpp('LFM2.5-8B-A1B.jinja', {
    id: 'lfm2.5-8b-a1b',
    label: 'LFM2.5 8B-A1B',
    family: 'LFM',
    formats: ['lfm2'],
    sha256: '6d65c8804847ad74eea912dd7eca3dc1cf7a457b53a77f47d841a14121910963',
  }),
  fromLlamaCpp('LFM2.5-Instruct.jinja', {
    id: 'lfm2.5-instruct',
    label: 'LFM2.5 Instruct',
    family: 'LFM',
    formats: ['lfm2'],
    notes: 'Renders no tool_calls and no LFM2 markers ("List of tools: [...]"): nothing in the text names the format.',
    sha256: 'f05bf4b967dc993bdc7a2fe6e43759ee218eb0eb340d68b063e1c4f8ad148176',
  }),
  fromLlamaCpp('MiMo-VL.jinja', {
    id: 'mimo-vl',
    label: 'MiMo-VL',
    family: 'MiMo',
    formats: ['hermes'],
    sha256: '10490379c20af484107413cc5fd93f6e587d0cb4364a183a89ab68849406b80d',
  }),
  fromLlamaCpp('MiniMax-M2.jinja', {
    id: 'minimax-m2',
    label: 'MiniMax-M2',
    family: 'MiniMax',
    formats: ['minimax-m2'],
    sha256: '967ff7e387676f4b4340585da0585416532f1e6c5ee3f1ede64b2c21ef7ea001',
  }),
  fromLlamaCpp('Mistral-Small-3.2-24B-Instruct-2506.jinja', {
    id: 'mistral-small-3.2-24b-instruct-2506',
    label: 'Mistral Small 3.2 24B Instruct 2506',
    family: 'Mistral',
    formats: ['mistral'],
    notes: 'v13 form: [TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{...}.',
    sha256: '5b8f31f11198696548d544dbe424a3c1ef244d00a475f4e1bffb351fda085608',
  }),
  fromLlamaCpp('NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja', {
    id: 'nemotron-3-nano-30b-a3b',
    label: 'Nemotron 3 Nano 30B-A3B',
    family: 'Nemotron',
    formats: ['qwen3-coder'],
    notes:
      "Writes Qwen3-Coder's <tool_call><function=...><parameter=...> XML. llama.cpp has edited the file since adding it.",
    sha256: 'ab7813c3abdd9cb655905a410728b26c7884eca45ddfab8d9f931553485a7862',
  }),
  fromLlamaCpp('NVIDIA-Nemotron-Nano-v2.jinja', {
    id: 'nemotron-nano-9b-v2',
    label: 'Nemotron Nano v2',
    family: 'Nemotron',
    formats: [],
    notes: 'Calls are <TOOLCALL>[{"name", "arguments"}]</TOOLCALL>, a format the catalog does not read.',
    sha256: '52ae8e50fa083e63a0a5726eeffc85502089b82064aceb1bddf0366f7317b3f8',
  }),
  fromLlamaCpp('NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja', {
    id: 'hermes-2-pro-llama-3-8b',
    label: 'Hermes 2 Pro Llama 3 8B (tool_use)',
    family: 'Hermes',
    formats: ['hermes'],
    notes: 'The same bytes as the Hermes 3 template.',
    sha256: '7ce09d55d3690e06c70b5c07228cc7e8c99c43a23cdc027762be4011efcdea6c',
  }),
  fromLlamaCpp('NousResearch-Hermes-3-Llama-3.1-8B-tool_use.jinja', {
    id: 'hermes-3-llama-3.1-8b',
    label: 'Hermes 3 Llama 3.1 8B (tool_use)',
    family: 'Hermes',
    formats: ['hermes'],
    notes: 'The same bytes as the Hermes 2 Pro template.',
    sha256: '7ce09d55d3690e06c70b5c07228cc7e8c99c43a23cdc027762be4011efcdea6c',
  }),
  fromLlamaCpp('Qwen-QwQ-32B.jinja', {
    id: 'qwq-32b',
    label: 'QwQ 32B',
    family: 'Qwen',
    formats: ['hermes'],
    notes: 'llama.cpp has edited the file since adding it.',
    sha256: '5ed15374ce53e19a7798710736a2c9fe41c79f7385e8421a2080d6575a80ef1b',
  }),
  fromLlamaCpp('Qwen-Qwen2.5-7B-Instruct.jinja', {
    id: 'qwen2.5-7b-instruct',
    label: 'Qwen2.5 7B Instruct',
    family: 'Qwen',
    formats: ['hermes'],
    sha256: 'cd8e9439f0570856fd70470bf8889ebd8b5d1107207f67a5efb46e342330527f',
  }),
]

/** Every llama.cpp template, in the folder's order. */
export const LLAMA_CPP_TEMPLATES: readonly VendoredTemplate[] = [
  ...LLAMA_CPP_TEMPLATES_FIRST,
  ...LLAMA_CPP_TEMPLATES_MORE,
]
