import type { planEn } from '../en/plan'

/** The same messages in Chinese. */
export const planZh: Record<keyof typeof planEn, string> = {}
