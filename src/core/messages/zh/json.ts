import type { jsonEn } from '../en/json'

/** The same messages in Chinese. */
export const jsonZh: Record<keyof typeof jsonEn, string> = {}
