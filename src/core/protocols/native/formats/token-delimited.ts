/** The token-delimited family: formats whose calls are marked by the model's special tokens. */
import type { NativeFormat } from '../format'
import { kimiK2Format } from './kimi-k2'
import { deepseekV3Format, deepseekV31Format } from './deepseek'
import { harmonyFormat } from './harmony'
import { mistralFormat } from './mistral'
import { functionaryV32Format } from './functionary-v32'

/** The family in the order docs and the Parser pane list it. */
export const tokenDelimitedFormats: NativeFormat[] = [
  kimiK2Format,
  deepseekV3Format,
  deepseekV31Format,
  harmonyFormat,
  mistralFormat,
  functionaryV32Format,
]
