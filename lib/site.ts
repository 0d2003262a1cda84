/** What the web client calls itself: page titles, the header, share metadata. */
export const site = {
  name: 'Social',
  description:
    'Social is the web client of your social network: follow the activity feed, look through albums and photos, read blogs, and find listings and events.',
} as const;
