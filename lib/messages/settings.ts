import { loadPage } from '../auth/page-session.ts';
import { isMissingScope } from '../social-api/errors.ts';
import { getMessagePrivacy, listBlocked, type MessagePrivacy } from '../social-api/privacy.ts';
import type { Who } from '../social-api/users.ts';
import type { MessagesAccess } from './list.ts';

// /settings/privacy: who may start a conversation with the reader, and the members they blocked
// (scope `settings`; docs/api.md, "Extensions": Blocking and who may message whom). Two reads in
// parallel, the page's two sections; a server without them answers both as a missing extension.

export interface PrivacySettingsProps {
  access: MessagesAccess;
  privacy?: MessagePrivacy;
  blocked?: Who[];
}

/** The reader's settings, or why they cannot be read here. */
export async function loadPrivacySettings(): Promise<PrivacySettingsProps> {
  return loadPage(async (s) => {
    try {
      const [privacy, blocked] = await Promise.all([getMessagePrivacy(s.accessToken), listBlocked(s.accessToken)]);
      if (privacy === undefined || blocked === undefined) return { access: 'absent' };
      return { access: 'ok', privacy, blocked };
    } catch (e) {
      if (isMissingScope(e)) return { access: 'scope' };
      throw e;
    }
  });
}
