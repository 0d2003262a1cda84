import { Composer } from '@/components/feed/composer';
import { Feed } from '@/components/feed/feed';
import { serialize } from '@/lib/serialized';
import type { FeedPage } from '@/lib/social-api/activities';
import type { GroupDetail } from '@/lib/social-api/groups';
import { GroupHeader } from './group-header';
import { WhoMay } from './who-may';

type GroupWallPageProps = { group: GroupDetail; wall: FeedPage; maxPhotoBytes: number };

/**
 * A group's Wall tab: its posts, newest first, as the feed shows posts (paged on and polled for new
 * ones by the feed itself), under the feed's compose box for those whose role reaches the group's
 * auth_comment, and for anyone else the reason they cannot post.
 */
export function GroupWallPage({ group, wall, maxPhotoBytes }: GroupWallPageProps) {
  return (
    <article aria-labelledby="group-title" className="mx-auto w-full max-w-3xl">
      <GroupHeader group={group} tab="wall" />
      <Feed
        initial={serialize(wall)}
        groupId={group.id}
        label={`${group.title}’s wall`}
        emptyText="Nobody has posted on this group’s wall yet."
      >
        {group.can.post ? (
          <div className="mt-6">
            <Composer maxPhotoBytes={maxPhotoBytes} group={{ id: group.id, title: group.title }} />
          </div>
        ) : (
          <WhoMay group={group} what="post" />
        )}
      </Feed>
    </article>
  );
}
