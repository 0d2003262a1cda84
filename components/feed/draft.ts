// The compose box's draft, kept in this browser until it is posted. Keyed by user, so that
// two people sharing a browser never see each other's drafts.

export interface Draft {
  body: string;
  linkUrl: string;
  linkTitle: string;
  linkDescription: string;
}

const key = (userId: number) => `social:compose-draft:${userId}`;

export function readDraft(userId: number): Draft | undefined {
  try {
    const raw = window.localStorage.getItem(key(userId));
    if (!raw) return undefined;
    const d = JSON.parse(raw) as Partial<Draft>;
    const s = (v: unknown) => (typeof v === 'string' ? v : '');
    return { body: s(d.body), linkUrl: s(d.linkUrl), linkTitle: s(d.linkTitle), linkDescription: s(d.linkDescription) };
  } catch {
    return undefined;
  }
}

export function saveDraft(userId: number, draft: Draft): void {
  try {
    if (!draft.body && !draft.linkUrl && !draft.linkTitle && !draft.linkDescription) window.localStorage.removeItem(key(userId));
    else window.localStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the text is still in the box.
  }
}

export function clearDraft(userId: number): void {
  try {
    window.localStorage.removeItem(key(userId));
  } catch {
    // as above
  }
}
