import type { NativeFormat } from '../format'
import { kimiK2Format } from './kimi-k2'

export const tokenDelimitedFormats: NativeFormat[] = [kimiK2Format]
