'use client';

import { useRouter } from 'next/navigation';
import { routes } from '@/lib/routes';
import type { Who } from '@/lib/social-api/users';
import { useAnnounce } from '@/components/ui/announcer';
import { removeConversation, setBlocked } from './actions';
import { ConfirmForm } from './confirm-form';

export type ConversationMenuProps = {
  conversationId: number;
  /** The other member of a conversation of two (Block, Unblock). */
  other?: Who & { blocked: boolean };
  /** The page the block's form without script comes back to. */
  back: string;
};

const quiet = 'btn-ghost';

/** A conversation's own actions: Delete (from the reader's folders only), Block or Unblock the other member. */
export function ConversationMenu({ conversationId, other, back }: ConversationMenuProps) {
  const router = useRouter();
  const announce = useAnnounce();
  return (
    <div className="flex flex-wrap items-center gap-1">
      {other ? (
        <ConfirmForm
          action={setBlocked}
          fields={{ userId: other.id, block: other.blocked ? '0' : '1', back }}
          label={other.blocked ? `Unblock ${other.name}` : `Block ${other.name}`}
          className={quiet}
          confirm={
            other.blocked
              ? {
                  title: `Unblock ${other.name}?`,
                  description: `You can write to each other again. Your friendship, if you had one, does not come back.`,
                  confirmLabel: 'Unblock',
                  pendingLabel: 'Unblocking…',
                  danger: false,
                }
              : {
                  title: `Block ${other.name}?`,
                  description: `Neither of you can write to the other, here or in a new conversation, nor send friend requests, write on the other's wall, tag or invite the other. A friendship between you ends. ${other.name} is not told.`,
                  confirmLabel: 'Block',
                  pendingLabel: 'Blocking…',
                }
          }
          onDone={(message) => {
            announce(message);
            router.refresh();
          }}
        />
      ) : null}
      <ConfirmForm
        action={removeConversation}
        fields={{ conversationId }}
        label="Delete"
        className={`${quiet} text-rose-700 dark:text-rose-300`}
        confirm={{
          title: 'Delete this conversation?',
          description:
            'It leaves your messages; the others keep theirs. If someone writes in it again, it comes back with the new messages only.',
          confirmLabel: 'Delete',
          pendingLabel: 'Deleting…',
        }}
        onDone={(message) => {
          announce(message);
          router.push(routes.messages());
        }}
      />
    </div>
  );
}
