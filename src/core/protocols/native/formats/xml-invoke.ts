import type { NativeFormat } from '../format'

export const xmlInvokeFormats: NativeFormat[] = []
