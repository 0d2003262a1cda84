import type { ApiError } from '../social-api/errors.ts';
import type { Participant } from '../social-api/messages.ts';

// The words of the messages' pages, the same in the list, the conversation and the actions.

/** Who a conversation is with, as its row and its heading say it: "Alice Martin", "3 people", "Guests of Picnic", "Members of Choir". */
export function participantName(p: Participant): string {
  if (p.kind === 'member') return p.who.name;
  if (p.kind === 'people') return p.count === 1 ? '1 person' : `${p.count} people`;
  return p.kind === 'event' ? `Guests of ${p.title}` : `Members of ${p.title}`;
}

/** "in 40 seconds", "in 3 minutes", "in about 2 hours": when a limit lets the person write again. */
function inWords(seconds: number): string {
  if (seconds < 60) return `in ${Math.max(1, Math.round(seconds))} ${Math.round(seconds) === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(seconds / 3600);
  return hours <= 1 ? 'in about an hour' : `in about ${hours} hours`;
}

/**
 * A refusal as the person reads it: the API's own reason (403: "Alice Martin only receives
 * messages from friends."), and for a limit (429) when they may write again, from its Retry-After.
 */
export function refusalOf(e: ApiError): string {
  if (e.status === 429) {
    const said = e.message.trim().replace(/([^.!?])$/, '$1.');
    // The API may say when already ("Try again in 3 minutes."); otherwise its Retry-After does.
    const when = /try again/i.test(said)
      ? ''
      : e.retryAfter !== undefined
        ? ` You can send again ${inWords(e.retryAfter)}.`
        : ' Try again later.';
    return `${said}${when} Nothing was sent: your message is kept here.`;
  }
  return e.fieldErrors.to ?? e.fieldErrors.body ?? e.message;
}
