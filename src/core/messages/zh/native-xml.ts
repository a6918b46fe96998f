import type { nativeXmlEn } from '../en/native-xml'

/** The same messages in Chinese. */
export const nativeXmlZh: Record<keyof typeof nativeXmlEn, string> = {}
