import { extensionProbe } from '../site-extensions.ts';

/** Whether this site has groups (issue 48): the navigation shows its entry only then. GET /groups answers any token. */
export const siteHasGroups = extensionProbe('/groups');
