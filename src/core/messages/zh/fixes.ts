import type { fixesEn } from '../en/fixes'

/** The same messages in Chinese. */
export const fixesZh: Record<keyof typeof fixesEn, string> = {}
