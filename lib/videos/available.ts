import { extensionProbe } from '../site-extensions.ts';

// Whether the API has videos (an extension: docs/api.md, "Videos"), so that a server without them
// shows no way to them (the navigation's entry: components/shell/site-chrome.tsx). The site's own
// token reads the list everyone may see, once in a while (lib/site-extensions.ts).

/** Whether this site has videos; false while the API cannot say. */
export const siteHasVideos = extensionProbe('/videos');
