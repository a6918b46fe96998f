/** Messages of this area, in English. */
export const jsonEn = {} as const
