import type { NativeFormat } from '../format'

export const pythonicFormats: NativeFormat[] = []
