import { ALL_SCOPES, type Scope } from '../config.ts';

/** What each scope lets an application do, in words a person reads on the consent screen. */
const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  basic: 'See your name and profile picture, and like, comment, search and report on your behalf',
  settings: 'See your account details and change your settings',
  activities: 'Read and post to your activity feed and see your notifications',
  albums: 'See, create and change your photo albums and photos',
  friends: 'See your friends and manage your friend requests',
  messages: 'Read and send your messages',
  videos: 'See, post and change your videos',
  blogs: 'Read, write and change your blog posts',
  groups: 'See and manage your groups',
  music: 'Listen to, upload and change your music',
  classifieds: 'See, post and change your classified listings',
  events: 'See, create and change your events and invitations',
};

export const describeScope = (scope: string): string => (SCOPE_DESCRIPTIONS as Record<string, string>)[scope] ?? scope;

/**
 * A space-delimited `scope` parameter (RFC 6749 §3.3) checked against the scopes a client or
 * a token may have. Omitted or empty means all of `allowed`. Scopes come back deduplicated in
 * ALL_SCOPES order, so equal sets always read the same.
 */
export function parseScope(param: string | undefined | null, allowed: readonly string[]): { scopes: string[] } | { error: string } {
  const asked = (param ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) return { scopes: order(allowed) };
  const refused = asked.filter((s) => !allowed.includes(s));
  if (refused.length > 0) {
    const known = refused.filter((s) => (ALL_SCOPES as readonly string[]).includes(s));
    return {
      error:
        known.length === refused.length
          ? `This client may not ask for the scope(s): ${refused.join(' ')}.`
          : `Unknown scope(s): ${refused.filter((s) => !known.includes(s)).join(' ')}.`,
    };
  }
  return { scopes: order(asked) };
}

function order(scopes: readonly string[]): string[] {
  const set = new Set(scopes);
  return ALL_SCOPES.filter((s) => set.has(s));
}
