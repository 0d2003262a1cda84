// The limits the editors show in the browser (a field's maxLength, a count), apart from the
// schemas that check them (./listing.ts, ./blog.ts): importing a number from a schema's module
// would bring zod into the page's first-load JavaScript with it.

/** The API's limits of a listing (api-server/src/routes/classifieds/write.ts). */
export const LISTING_TITLE_MAX = 255;
export const LISTING_LOCATION_MAX = 255;
/** The API's limits on a listing's photos (api-server: LISTING_PHOTOS_MAX, the description's maxLength). */
export const LISTING_PHOTOS_MAX = 20;
export const LISTING_CAPTION_MAX = 1000;

/** The API's limit of a blog post's title (api-server/src/routes/blogs/write.ts). */
export const BLOG_TITLE_MAX = 255;
/** The API's limits on a blog's tags (api-server/src/domain/keyword-tags.ts). */
export const BLOG_TAG_MAX = 50;
export const BLOG_TAGS_MAX = 20;
