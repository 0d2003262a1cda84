// The limits the editors show in the browser (a field's maxLength, a count), apart from the
// schemas that check them (./listing.ts, ./blog.ts, ./album.ts, ./event.ts, ./photo-tag.ts): importing a number from a schema's module
// would bring zod into the page's first-load JavaScript with it.

/** The API's limit on a post, a comment and a share message (api-server BODY_MAX). */
export const ACTIVITY_BODY_MAX = 5000;
/** A link card's title and address (POST /activities attachment[title], attachment[uri]). */
export const LINK_TITLE_MAX = 255;
export const URL_MAX = 2048;

/** The API's limit on a comment and a share message (api-server BODY_MAX). */
export const SOCIAL_BODY_MAX = 5000;
/** The API's limit on a report's description (api-server core/report.ts). */
export const REPORT_DESCRIPTION_MAX = 2000;
/** Comments are paged 10 at a time when a person asks for older ones. */
export const COMMENTS_PAGE_SIZE = 10;

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

/** The API's limits of an album (api-server/src/routes/albums/album.ts). */
export const ALBUM_TITLE_MAX = 255;
export const ALBUM_DESCRIPTION_MAX = 5000;
/** "Keep as it is" in the album editor: the field is not sent. */
export const KEEP = 'keep';

/** The API's limits of an event (api-server/src/routes/events/write.ts). */
export const EVENT_TITLE_MAX = 255;
export const EVENT_DESCRIPTION_MAX = 10_000;
export const EVENT_PLACE_MAX = 255;
/** The API's limit on an event picture's description (img_description). */
export const EVENT_PICTURE_DESCRIPTION_MAX = 1000;

/** A photo tag's name, when it is not a friend. */
export const TAG_LABEL_MAX = 100;

/** The API's limits of a message (api-server/src/domain/messages.ts): its text, a new conversation's subject and recipients. */
export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_TITLE_MAX = 255;
export const MESSAGE_RECIPIENTS_MAX = 10;

/** The API's limits of a group (docs/api.md, "Groups": Create). */
export const GROUP_TITLE_MAX = 255;
export const GROUP_DESCRIPTION_MAX = 10_000;
/** What an officer may write to someone whose request to join they decline (POST /groups/reject_member, `message`). */
export const GROUP_REJECT_MESSAGE_MAX = 500;

// A video's (api-server/src/routes/videos/write.ts).
export const VIDEO_TITLE_MAX = 255;
export const VIDEO_DESCRIPTION_MAX = 5000;
