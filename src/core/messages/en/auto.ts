/** Messages of this area, in English. */
export const autoEn = {} as const
