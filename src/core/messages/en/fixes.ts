/** Suggested fixes and reading hints, in English. */
export const fixesEn = {} as const
