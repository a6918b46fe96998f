import type { NativeFormat } from '../format'

export const jsonTaggedFormats: NativeFormat[] = []
