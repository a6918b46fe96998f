import type { autoEn } from '../en/auto'

/** The same messages in Chinese. */
export const autoZh: Record<keyof typeof autoEn, string> = {}
