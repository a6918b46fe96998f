import type { NativeFormat } from '../format'

export const jsonBareFormats: NativeFormat[] = []
