import { extensionProbe } from '../site-extensions.ts';

// Whether the API has music (an extension: docs/api.md, "Music"), so that a server without it
// shows no way to it (the navigation's entry: components/shell/site-chrome.tsx). The site's own
// token reads the list everyone may see, once in a while (lib/site-extensions.ts).

/** Whether this site has music; false while the API cannot say. */
export const siteHasMusic = extensionProbe('/music');
