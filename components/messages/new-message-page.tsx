import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/list/list-results';
import type { NewMessageProps } from '@/lib/messages/compose';
import { routes } from '@/lib/routes';
import { MESSAGE_RECIPIENTS_MAX } from '@/lib/validations/limits';
import { ItemCard } from './item-card';
import { MessagesUnavailable } from './messages-unavailable';
import { NewMessageForm } from './new-message-form';

export type NewMessagePageProps = NewMessageProps & {
  /** The event's start in the reader's words, for its card. */
  itemWhen?: string;
};

const namesOf = (people: ReadonlyArray<{ name: string }>) =>
  people.length <= 2 ? people.map((p) => p.name).join(' and ') : `${people.length} people`;

/**
 * /messages/new: who it goes to (a friend picker of links and a GET form: it works without
 * script), or the item it is about with its owner, what stands in the way, and the message.
 */
export function NewMessagePage({
  access,
  query,
  picking,
  recipients,
  about,
  broadcast,
  friends,
  missing,
  viewerId,
  itemWhen,
}: NewMessagePageProps) {
  const to = recipients.map((r) => r.id);
  const refused = recipients.filter((r) => r.refusal);
  return (
    <div className="mx-auto w-full max-w-2xl">
      <p className="text-sm">
        <a href={routes.messages()} className="link">
          Messages
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">
        {about
          ? `Message ${about.item.type === 'classified' ? 'the seller' : 'the organiser'}`
          : broadcast
            ? `Message the ${broadcast.of === 'event' ? 'guests' : 'members'}`
            : 'New message'}
      </h1>
      {access !== 'ok' ? (
        <MessagesUnavailable access={access} />
      ) : (
        <>
          {missing ? (
            <p role="alert" className="card mt-6">
              {query.item || query.guestsOf || query.membersOf
                ? 'This is no longer there, or you may not see it.'
                : 'Someone you chose is not a member here (any more), so they are left out.'}
            </p>
          ) : null}

          {about ? (
            <>
              <ItemCard item={about.item} when={itemWhen} />
              <p className="mt-4 flex items-center gap-2">
                <Avatar person={about.owner} size="sm" />
                <span>
                  To{' '}
                  <a href={routes.user(about.owner.id)} className="name">
                    {about.owner.name}
                  </a>
                </span>
              </p>
              {about.refusal ? (
                <p role="alert" className="card mt-6">
                  {about.refusal}
                </p>
              ) : (
                <NewMessageForm
                  target={{ item_type: about.item.type, item_id: about.item.id }}
                  subject={false}
                  draftKey={`message:new:${viewerId}:${about.item.type}:${about.item.id}`}
                  label={`Your message to ${about.owner.name}`}
                  send="Send"
                />
              )}
            </>
          ) : broadcast ? (
            <BroadcastForm broadcast={broadcast} viewerId={viewerId} />
          ) : (
            <>
              <section aria-labelledby="to-heading" className="mt-6">
                <h2 id="to-heading" className="text-sm font-semibold">
                  To
                </h2>
                {recipients.length ? (
                  <ul className="mt-2 flex flex-wrap gap-2" aria-label="Recipients">
                    {recipients.map((r) => (
                      <li key={r.id} className="flex items-center gap-2 rounded-full bg-slate-100 py-1 pr-3 pl-1 text-sm dark:bg-slate-800">
                        <Avatar person={r} size="xs" />
                        {r.name}
                        <a
                          href={routes.newMessage({ to: to.filter((x) => x !== r.id), find: query.find })}
                          className="link"
                          aria-label={`Remove ${r.name}`}
                        >
                          ×
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted mt-1">Choose who to write to.</p>
                )}
                {refused.map((r) => (
                  <p key={r.id} role="alert" className="error-text mt-2">
                    {r.refusal}
                  </p>
                ))}
                {picking ? (
                  <FriendPicker to={to} find={query.find} friends={friends} />
                ) : to.length < MESSAGE_RECIPIENTS_MAX ? (
                  <p className="mt-2 text-sm">
                    <a href={`${routes.newMessage({ to })}&find=`} className="link">
                      Add someone
                    </a>
                  </p>
                ) : null}
              </section>
              {recipients.length && !refused.length ? (
                <NewMessageForm
                  target={{ to: to.join(',') }}
                  subject
                  draftKey={`message:new:${viewerId}:${[...to].sort((a, b) => a - b).join(',')}`}
                  label={`Your message to ${namesOf(recipients)}`}
                  send="Send"
                />
              ) : null}
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The words of a broadcast: who gets it, where the form sends it. */
const AUDIENCES = {
  event: {
    who: 'Everyone invited to or coming to',
    href: routes.event,
    reader: 'guest',
    noun: 'guests',
    field: 'guests_of',
  },
  group: {
    who: 'Every member and officer of',
    href: routes.group,
    reader: 'member',
    noun: 'members',
    field: 'members_of',
  },
} as const;

/** An event's guests or a group's members, at once: who gets it (or why the reader may not send it), and the message. */
function BroadcastForm({ broadcast, viewerId }: { broadcast: NonNullable<NewMessageProps['broadcast']>; viewerId: number }) {
  const a = AUDIENCES[broadcast.of];
  if (broadcast.refusal) {
    return (
      <p role="alert" className="card mt-6">
        {broadcast.refusal}
      </p>
    );
  }
  return (
    <>
      <p className="muted mt-2">
        {a.who}{' '}
        <a href={a.href(broadcast.id)} className="link">
          {broadcast.title}
        </a>{' '}
        gets it. Replies are off: each {a.reader} reads it, nobody answers in it.
      </p>
      <NewMessageForm
        target={{ [a.field]: broadcast.id }}
        subject
        draftKey={`message:new:${viewerId}:${a.noun}:${broadcast.id}`}
        label={`Your message to the ${a.noun}`}
        send={`Send to the ${a.noun}`}
      />
    </>
  );
}

/** Friends to add as recipients: a GET form to look for one by name, and a link to add each. */
function FriendPicker({ to, find, friends }: { to: number[]; find?: string; friends?: NewMessageProps['friends'] }) {
  const full = to.length >= MESSAGE_RECIPIENTS_MAX;
  return (
    <div className="mt-4">
      <form role="search" method="get" action={routes.newMessage()} className="flex gap-2">
        {to.length ? <input type="hidden" name="to" value={to.join(',')} /> : null}
        <label htmlFor="find-friend" className="sr-only">
          Find a friend
        </label>
        <input
          id="find-friend"
          type="search"
          name="find"
          defaultValue={find ?? ''}
          placeholder="Find a friend by name"
          className="field mt-0"
        />
        <button type="submit" className="btn btn-secondary">
          Find
        </button>
      </form>
      {friends === undefined ? (
        <p className="muted mt-3">This site keeps no list of friends: open a member’s profile and choose “Message”.</p>
      ) : friends.length === 0 ? (
        <EmptyState>{find ? `None of your friends is called “${find}”.` : 'You have no friends here yet.'}</EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Your friends">
          {friends.map((f) => {
            const chosen = to.includes(f.id);
            return (
              <li key={f.id} className="flex items-center gap-3 py-2">
                <Avatar person={f} size="sm" />
                <span className="flex-1">{f.name}</span>
                {chosen ? (
                  <span className="muted">Chosen</span>
                ) : full ? null : (
                  <a href={routes.newMessage({ to: [...to, f.id] })} className="btn btn-secondary" aria-label={`Choose ${f.name}`}>
                    Choose
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
