import type { nativeJsonEn } from '../en/native-json'

/** The same messages in Chinese. */
export const nativeJsonZh: Record<keyof typeof nativeJsonEn, string> = {}
