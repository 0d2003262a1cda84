import { extensionProbe } from '../extension-probe.ts';
import { apiFetch } from '../social-api/client.ts';
import { apiConfig } from '../social-api/config.ts';

// Whether the API has videos (an extension: docs/api.md, "Videos"), so that a server without them
// shows no way to them (the navigation's entry: components/shell/site-chrome.tsx). The site's own
// token reads the list everyone may see, once in a while (lib/extension-probe.ts).

/** Whether this site has videos; false while the API cannot say. */
export const siteHasVideos = extensionProbe((token) => apiFetch(apiConfig(), '/videos', { token, query: { limit: 1, fields: 'id' } }));
