import type { nativePythonicEn } from '../en/native-pythonic'

/** The same messages in Chinese. */
export const nativePythonicZh: Record<keyof typeof nativePythonicEn, string> = {}
