import type { Session } from '../auth/session.ts';
import { getConversation, type Conversation } from '../social-api/messages.ts';
import { getMember } from '../social-api/users.ts';
import type { Who } from '../social-api/users.ts';

// A conversation as its pane and its page show it (/messages?open={id}, /messages/{id}): a window
// of its messages (the newest, or those older than `before`), why the reader cannot write in it
// when they cannot, and the other member of a conversation of two (Block, Unblock).

export interface ConversationView {
  conversation: Conversation;
  /** The window shown: the messages older than this one ("Load older" without JavaScript); undefined for the newest. */
  before?: number;
  /** Why the reader cannot write here; '' when they can. */
  closedBecause: string;
  /** The one other member of a conversation of two, and whether the reader blocked them. */
  other?: Who & { blocked: boolean };
  /** The reader. */
  viewerId: number;
}

/**
 * Who a broadcast went to, as its pane says it. The detail names no participant: an event's
 * broadcast is about the event (its item), a group's about nothing (docs/api.md, "A broadcast").
 */
function broadcastAudience(c: Pick<Conversation, 'item'>): string {
  return c.item?.type === 'event' ? "an event's guests" : "a group's members";
}

/**
 * One conversation for the reader; undefined when it is not theirs (or the server has no
 * messages). One API call, and one more only when the reader cannot write in a conversation of
 * two, to say why (GET /users/{id}: a block either way).
 */
export async function loadConversation(session: Session, id: number, before?: number): Promise<ConversationView | undefined> {
  const conversation = await getConversation(session.accessToken, id, { maxid: before });
  if (!conversation) return undefined;
  const others = conversation.members.filter((m) => m.id !== session.userId);
  const two = !conversation.locked && others.length === 1 ? others[0]! : undefined;
  let closedBecause = '';
  let blocked = false;
  if (conversation.locked) closedBecause = `Replies are off: this message went to ${broadcastAudience(conversation)} at once.`;
  else if (!conversation.canReply) {
    if (two) {
      const member = await getMember(session.accessToken, two.id, { id: session.userId }).catch(() => undefined);
      blocked = member?.block === 'blocked';
      closedBecause =
        member?.block === 'blocked'
          ? `You have blocked ${two.name}: unblock them to write to them again.`
          : member?.block === 'blockedBy'
            ? member.messaging?.refusal || `You cannot write to ${two.name}: they have blocked you.`
            : 'You cannot write in this conversation any more.';
    } else {
      closedBecause = others.length ? 'You cannot write in this conversation any more.' : 'Nobody else is left in this conversation.';
    }
  }
  return {
    conversation,
    ...(before ? { before } : {}),
    closedBecause,
    ...(two ? { other: { ...two, blocked } } : {}),
    viewerId: session.userId,
  };
}
