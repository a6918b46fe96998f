import type { vcpEn } from '../en/vcp'

/** The same messages in Chinese. */
export const vcpZh: Record<keyof typeof vcpEn, string> = {}
