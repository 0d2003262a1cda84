/** The code of each indexed type in the index's rowids (id × 8 + code). */
export const SEARCH_CODES = { user: 1, album: 2, photo: 3, blog: 4, classified: 5, event: 6, activity: 7 } as const;
export const SEARCH_CODE_SPAN = 8;
