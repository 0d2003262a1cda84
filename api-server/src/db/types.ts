import type { Generated, GeneratedAlways, Insertable, Kysely } from 'kysely';

/** Privacy ids shared by every module (see domain/privacy.ts). */
/** Who may see or act on an item; parent_member: the members of the group an event was made in (migration 019). */
export type Privacy = 'everyone' | 'registered' | 'owner_member' | 'owner' | 'parent_member';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  full_name: string;
  user_name: string;
  gender: string;
  country_iso: string;
  joined: number;
  /** Storage key of the profile picture (storage/images.ts), null for the default picture. */
  avatar_key: string | null;
  /** Who may start a conversation with the member (migration 016): everyone | friends | none. */
  privacy_message: Generated<string>;
}

export interface UserIdentitiesTable {
  provider: string;
  uid: string;
  user_id: number;
}

/** Members whose feed is kept written ahead (migration 039): FEED_INBOX_FRIENDS friends or more. */
export interface FeedReadersTable {
  user_id: number;
}

/** The posts of a feed_readers member's friends, kept by triggers (migration 039): candidates the feed read tests. */
export interface FeedInboxTable {
  reader_id: number;
  activity_id: number;
}

export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  /** The friend's name, kept by triggers (migration 032): the friends list's order. */
  friend_name: Generated<string>;
  created_at: number;
}

/** A pending friend request (migration 011): one per pair of members, whichever way. */
export interface FriendRequestsTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  /** The pair's ids in order (min, max): their unique constraint allows one request per pair. */
  user_low: number;
  user_high: number;
  created_at: number;
}

export interface OauthClientsTable {
  id: string;
  name: string;
  /** scrypt hash; null for public clients. */
  secret_hash: string | null;
  redirect_uris: string; // JSON array
  grants: string; // JSON array
  scopes: string; // JSON array
  created_at: number;
}

export interface OauthCodesTable {
  id: Generated<number>;
  code_hash: string;
  client_id: string;
  user_id: number;
  /** The redirect_uri the authorization request carried, null when it named none. */
  redirect_uri: string | null;
  scope: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  family_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface OauthTokensTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'access' | 'refresh';
  client_id: string;
  user_id: number | null;
  scope: string;
  /** Tokens descending from one grant (a code or a password sign-in) share a family. */
  family_id: string | null;
  expires_at: number;
  created_at: number;
  /** Refresh tokens: set when exchanged; a second use revokes the family. */
  used_at: number | null;
  revoked_at: number | null;
}

export interface SiteSessionsTable {
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  module: 'album' | 'blog' | 'classified' | 'event' | 'group' | 'video';
  title: string;
}

export interface AlbumsTable {
  id: Generated<number>;
  owner_id: number;
  /** 'normal' for albums people make; otherwise the compose_upload type of a special album. */
  kind: string;
  title: string;
  description: string;
  category_id: number | null;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  auth_tag: Privacy;
  cover_photo_id: number | null;
  view_count: Generated<number>;
  /** The group whose one album it is (kind 'group_album', migration 019); null for every other album. */
  group_id: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface PhotosTable {
  id: Generated<number>;
  owner_id: number;
  /** null while an upload waits to be put into an album (photo_upload). */
  album_id: number | null;
  title: string;
  description: string;
  image_key: string;
  width: number;
  height: number;
  /** Place in the album: photos run by (position, id) (migration 008). */
  position: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface BlogsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  body: string;
  category_id: number | null;
  is_draft: number;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  view_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface TagsTable {
  id: Generated<number>;
  title: string;
}

export interface ItemTagsTable {
  item_type: string;
  item_id: number;
  tag_id: number;
}

export interface ClassifiedsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  body: string;
  category_id: number | null;
  /** Price in cents; null when none was given. */
  price_cents: number | null;
  location: string;
  /** The location folded as keyword filters fold text, kept by the database (migration 031). */
  location_fold: GeneratedAlways<string>;
  is_closed: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  main_photo_id: number | null;
  view_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ClassifiedPhotosTable {
  id: Generated<number>;
  classified_id: number;
  image_key: string;
  description: string;
  /** The original's pixels (migration 012); null until filled for a photo stored before it. */
  width: number | null;
  height: number | null;
  created_at: number;
}

export interface EventsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  category_id: number | null;
  start_time: number;
  end_time: number;
  timezone: string;
  host: string;
  location: string;
  allow_search: number;
  auth_invite: number;
  approval: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  auth_photo: Privacy;
  image_key: string | null;
  /** The picture's original pixels (migration 012); null without a picture or until filled. */
  image_width: number | null;
  image_height: number | null;
  /** The picture's description, its alt text (migration 012). */
  image_description: Generated<string>;
  /** The group it was made in (parent_type=group, migration 019); null for a member's own event. */
  group_id: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface EventMembersTable {
  event_id: number;
  user_id: number;
  /** attending | maybe_attending | not_attending | awaiting_reply (invited) | requested */
  rsvp: string;
  invited_by: number | null;
  created_at: number;
}

export interface ActivitiesTable {
  id: Generated<number>;
  owner_id: number;
  /** Whose wall it was posted on: 'user' and that user's id. */
  subject_type: string;
  subject_id: number;
  content: string;
  auth_view: Privacy;
  /** photo | link | music | a shared item type (activity, album, photo, blog, classified, event) */
  attachment_type: string | null;
  attachment_id: number | null;
  /** Shared items: true when this activity shares an item rather than posting a photo. */
  is_share: number;
  link_uri: string | null;
  link_title: string | null;
  link_description: string | null;
  link_thumb: string | null;
  created_at: number;
}

/** Each liked or commented thing's counts, kept by triggers (migration 030). */
export interface ReactionCountsTable {
  /** The thing: an item type, or 'comment' (likes only). */
  target_type: string;
  target_id: number;
  likes: number;
  comments: number;
}

/** A kind of data's version, moved by triggers with each change (migration 037): what says a kept answer is out of date. */
export interface DataVersionsTable {
  name: string;
  version: number;
}

export interface LikesTable {
  id: Generated<number>;
  /** The liked thing: an item type, or 'comment'. */
  target_type: string;
  target_id: number;
  user_id: number;
  created_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  item_type: string;
  item_id: number;
  owner_id: number;
  body: string;
  created_at: number;
}

/**
 * What someone did that the user hears of: liked, commented on or shared their thing, tagged
 * them on a photo, invited them to an event, asked to join their event, asked to be their friend,
 * accepted their friend request, wrote on their wall.
 */
export type NotificationKind =
  | 'like'
  | 'comment'
  | 'share'
  | 'tag'
  | 'event_invite'
  | 'event_request'
  | 'friend_request'
  | 'friend_accept'
  | 'wall_post'
  | 'group_invite'
  | 'group_request'
  | 'group_approve'
  | 'group_add'
  // An officer declined a request to join, perhaps with a message (migration 023).
  | 'group_reject'
  // The owner's uploaded video is converted and may be watched, or could not be converted (migration 018).
  | 'video_processed'
  | 'video_failed';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  actor_id: number;
  kind: NotificationKind;
  /**
   * What it is about: an item type or 'comment' (a liked comment); the photo of a tag, the
   * event of an invitation or a request.
   */
  item_type: string;
  item_id: number;
  /**
   * What made it, so that deleting that withdraws it: ('comment', id) for a comment,
   * ('activity', id) for a share, ('tag', id) for a photo tag; null otherwise (likes and event
   * requests are found by actor, kind and item).
   */
  source_type: string | null;
  source_id: number | null;
  created_at: number;
  /** When the user marked it read; null while unread. */
  read_at: number | null;
  /** When the user saw it in the bell's panel (it no longer counts), though still unread; null until then. */
  seen_at: number | null;
  /** What the actor wrote to the user with it (a request declined: group_reject), at most 500 characters; null for none (migration 023). */
  message: string | null;
}

export interface SongsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  /** The song's file: under /files/ (in_media 0: legacy songs), or in the private media store (in_media 1); '' until converted. */
  file_key: string;
  play_count: number;
  created_at: number;
  /** The playlist it is in (migration 020); null for none (a legacy song, or an upload not yet put in one). */
  playlist_id: number | null;
  /** Its place in its playlist. */
  position: Generated<number>;
  /** Seconds; null while not known. */
  duration: number | null;
  status: Generated<VideoStatus>;
  /** Why the conversion failed, in words for the owner; null otherwise. */
  status_reason: string | null;
  in_media: Generated<number>;
}

/** A music playlist (the origin's music_playlist, migration 020). */
export interface MusicPlaylistsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  /** Plain text. */
  description: string;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  /** null, or 'wall': the playlist of the songs one posted from the composer. */
  special: 'wall' | null;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  view_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Tag areas drawn on a subject (a photo): a user or a text label (POST /core/tags). */
export interface ItemTagAreasTable {
  id: Generated<number>;
  subject_type: string;
  subject_id: number;
  tagger_id: number;
  user_id: number | null;
  label: string | null;
  /** Pixels of the original image. */
  x: number;
  y: number;
  w: number;
  h: number;
  created_at: number;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  item_type: string;
  item_id: number;
  type: string;
  description: string;
  created_at: number;
}

export interface LegacyAppsTable {
  id: Generated<number>;
  name: string;
  frame_url: string;
  created_at: number;
}

export interface LegacyKeysTable {
  key_hash: string;
  app_id: number;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  /** The site session that handed the key over (migration 015). */
  site_session_hash: string | null;
}

export interface LegacyTokensTable {
  token_hash: string;
  app_id: number;
  user_id: number;
  expires_at: number;
  created_at: number;
  /** The site session it ends with, its key's (migration 015). */
  site_session_hash: string | null;
}

export interface EventFeedsTable {
  id: Generated<number>;
  user_id: number;
  secret_hash: string;
  created_at: number;
  revoked_at: number | null;
}

/** Failed sign-ins of one account or address in the current window (migration 013). */
export interface SignInFailuresTable {
  /** 'account:<email, lower case>' or 'address:<ip>'. */
  key: string;
  failures: number;
  /** When the window began (unix seconds). */
  since: number;
}

/** A conversation (migration 016): its members' folders are conversation_members. */
export interface ConversationsTable {
  id: Generated<number>;
  title: string;
  creator_id: number;
  created_at: number;
  updated_at: number;
  last_message_id: number | null;
  /** 1 for a broadcast (multi=event): no replies. */
  locked: Generated<number>;
  resource_type: string | null;
  resource_id: number | null;
  /** What it is about: classified | event, with its id; null for none. */
  item_type: string | null;
  item_id: number | null;
}

/** A member of a conversation, with their inbox and outbox (SocialEngine 4's recipients row). */
export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  /** The latest message of others to the member; null when none came yet (not in the inbox). */
  inbox_message_id: number | null;
  inbox_updated: Generated<number>;
  inbox_read: Generated<number>;
  inbox_deleted: Generated<number>;
  /** The member's latest message; null when they wrote none (not in the outbox). */
  outbox_message_id: number | null;
  outbox_updated: Generated<number>;
  outbox_deleted: Generated<number>;
  /** Messages up to this id were deleted by the member: hidden from them. */
  cleared_message_id: Generated<number>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  /** Plain text as written. */
  body: string;
  created_at: number;
  /** photo (attachment_id: the photo) | link (link_* columns) | null. */
  attachment_type: string | null;
  attachment_id: number | null;
  link_uri: string | null;
  link_title: string | null;
  link_description: string | null;
  link_thumb: string | null;
}

/** `user_id` blocked `blocked_user_id` (migration 016). */
export interface UserBlocksTable {
  user_id: number;
  blocked_user_id: number;
  created_at: number;
}

/** What the messages' limits count (domain/message-limits.ts). */
export interface MessageEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  at: number;
  recipient_id: number | null;
  text_hash: string | null;
}

/**
 * A role of a group (migration 017), from the narrowest: its officers (the owner is one), its
 * members, anyone signed in, everyone. Who may see, post, add photos and events and invite.
 */
export type GroupRole = 'officer' | 'member' | 'registered' | 'everyone';

export interface GroupsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  category_id: number | null;
  allow_search: number;
  /** 1: people ask to join and an officer approves. */
  approval: number;
  /** Who may invite: member | officer. */
  auth_invite: GroupRole;
  auth_view: GroupRole;
  auth_comment: GroupRole;
  auth_photo: GroupRole;
  auth_event: GroupRole;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  view_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  /** member | officer (the owner's row is one) | requested | invited */
  state: string;
  /** An officer's title, '' for none. */
  title: Generated<string>;
  invited_by: number | null;
  created_at: number;
}

/** What a video is (migration 018). */
export type VideoType = 'youtube' | 'vimeo' | 'upload';
/** Where an uploaded video is in its conversion; a link video is processed from the start. */
export type VideoStatus = 'to_be_processed' | 'being_processed' | 'processed' | 'conversion_failed';

/** A video: a YouTube or Vimeo link, or an upload converted by ffmpeg (migration 018). */
export interface VideosTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  /** Plain text; also the video's text alternative. */
  description: string;
  type: VideoType;
  /** The provider's id of a link video; null for an upload. */
  code: string | null;
  /** The address a link video was added from; null for an upload. */
  url: string | null;
  /** Seconds; null while not known. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** The poster (storage/images.ts key); null when there is none. */
  poster_key: string | null;
  /** The converted MP4 (storage/videos.ts name); null until processed. */
  file_key: string | null;
  status: VideoStatus;
  /** Why the conversion failed, in words for the owner; null otherwise. */
  status_reason: string | null;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  view_count: Generated<number>;
  category_id: number | null;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  /**
   * 1: kept out of every list and search (migration 021): a video uploaded for a post until a post
   * carries it, one uploaded for a message for ever.
   */
  unlisted: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One member's rating of a video, 1–5, once (migration 018). */
export interface VideoRatingsTable {
  video_id: number;
  user_id: number;
  rating: number;
  created_at: number;
}

/** A conversion to run, claimed by one API instance's worker at a time (migration 018, data/media-jobs.ts). */
export interface MediaJobsTable {
  id: Generated<number>;
  kind: 'video_convert' | 'song_convert';
  subject_id: number;
  status: 'to_be_processed' | 'being_processed' | 'done' | 'failed';
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_at: number | null;
  heartbeat_at: number | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface Database {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  friendships: FriendshipsTable;
  feed_readers: FeedReadersTable;
  feed_inbox: FeedInboxTable;
  friend_requests: FriendRequestsTable;
  oauth_clients: OauthClientsTable;
  oauth_codes: OauthCodesTable;
  oauth_tokens: OauthTokensTable;
  site_sessions: SiteSessionsTable;
  categories: CategoriesTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  blogs: BlogsTable;
  tags: TagsTable;
  item_tags: ItemTagsTable;
  classifieds: ClassifiedsTable;
  classified_photos: ClassifiedPhotosTable;
  events: EventsTable;
  event_members: EventMembersTable;
  activities: ActivitiesTable;
  likes: LikesTable;
  reaction_counts: ReactionCountsTable;
  data_versions: DataVersionsTable;
  comments: CommentsTable;
  notifications: NotificationsTable;
  songs: SongsTable;
  item_tag_areas: ItemTagAreasTable;
  reports: ReportsTable;
  legacy_apps: LegacyAppsTable;
  legacy_keys: LegacyKeysTable;
  legacy_tokens: LegacyTokensTable;
  event_feeds: EventFeedsTable;
  sign_in_failures: SignInFailuresTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  user_blocks: UserBlocksTable;
  message_events: MessageEventsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  videos: VideosTable;
  video_ratings: VideoRatingsTable;
  media_jobs: MediaJobsTable;
  music_playlists: MusicPlaylistsTable;
}

/** The API's database, as every query reads it (opened by db/index.ts). */
export type DB = Kysely<Database>;

export type NewActivity = Insertable<ActivitiesTable>;
