/** Messages of this area, in English. */
export const planEn = {} as const
