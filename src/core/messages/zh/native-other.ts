import type { nativeOtherEn } from '../en/native-other'

/** The same messages in Chinese. */
export const nativeOtherZh: Record<keyof typeof nativeOtherEn, string> = {}
