import { Link } from '@/components/ui/link';
import { Avatar } from '@/components/ui/avatar';
import { env } from '@/lib/env';
import { routes } from '@/lib/routes';
import { buttonStyles } from '@/components/ui/button';
import type { Member } from '@/lib/social-api/users';
import { FriendshipButton } from './friendship-button';
import { EditProfilePicture } from './profile-photo/edit-profile-picture';
import { ProfileTabs } from './profile-tabs';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The top of a member's profile: picture, name, how the reader stands with them (friends, or
 * how many friends they have in common), the counts of what they share that the reader may see
 * (each a link to its tab), the friendship action (one's own: "Edit profile picture"), and the
 * tabs of what they share (`groups`: the site has groups).
 */
export function ProfileHeader({
  member,
  own,
  groups = false,
  videos = false,
}: {
  member: Member;
  own: boolean;
  /** The site has groups: their tab. */ groups?: boolean;
  /** The site has videos: their tab. */ videos?: boolean;
}) {
  const facts = [
    own ? 'You' : member.friendship === 'friends' ? 'Friends' : undefined,
    !own && member.friendship !== 'friends' && member.mutualFriends
      ? `${plural(member.mutualFriends, 'friend', 'friends')} in common`
      : undefined,
  ].filter(Boolean);
  const base = routes.user(member.id);
  const shared = member.shared;
  const counts: [string, string][] = [
    ...(shared
      ? ([
          ['/albums', plural(shared.albums, 'album', 'albums')],
          ['/blogs', plural(shared.blogs, 'blog post', 'blog posts')],
          ['/listings', plural(shared.listings, 'listing', 'listings')],
          ['/events', plural(shared.events, 'upcoming event', 'upcoming events')],
        ] as [string, string][])
      : []),
    ...(member.totalFriends !== undefined ? ([['/friends', plural(member.totalFriends, 'friend', 'friends')]] as [string, string][]) : []),
  ];
  return (
    <header className="card p-6">
      <div className="flex flex-wrap items-center gap-5">
        <Avatar person={member} size="lg" decorative={false} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight">{member.name}</h1>
          {facts.length ? <p className="muted mt-1">{facts.join(' · ')}</p> : null}
          {counts.length ? (
            <ul aria-label={`What ${own ? 'you share' : `${member.name} shares`}`} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {counts.map(([path, label]) => (
                <li key={path}>
                  <Link href={`${base}${path}`} className="link">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {own ? <EditProfilePicture maxPhotoBytes={env().UPLOAD_MAX_BYTES} /> : null}
        {!own && member.friendship && member.friendship !== 'self' ? (
          <FriendshipButton userId={member.id} name={member.name} friendship={member.friendship} requestId={member.requestId} />
        ) : null}
        {!own && member.messaging?.allowed ? (
          <a href={routes.newMessage({ to: [member.id] })} className={`${buttonStyles.secondary} with-icon icon-mail`}>
            Message
          </a>
        ) : null}
      </div>
      {!own && member.messaging && !member.messaging.allowed ? <p className="muted mt-3">{member.messaging.refusal}</p> : null}
      <ProfileTabs id={member.id} groups={groups} videos={videos} />
    </header>
  );
}
