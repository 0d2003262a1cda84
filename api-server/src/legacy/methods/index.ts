import { expireSession } from './auth.ts';
import type { LegacyMethod } from './context.ts';
import { getFriends, isFriend } from './friends.ts';
import { getNewMailCount } from './mail.ts';
import { getSongs } from './music.ts';
import { getNewNotificationCount, getNotifications } from './notifications.ts';
import { addPhoto, getPhotos } from './photos.ts';
import { getUser } from './users.ts';

/**
 * The methods of the legacy document, by their `method` name, and one extension,
 * auth.expireSession (last: it ends the token it is given).
 */
export const METHODS: Record<string, LegacyMethod> = {
  'advancedphoto.addPhoto': addPhoto,
  'advancedphoto.getPhotos': getPhotos,
  'photo.addPhoto': addPhoto,
  'photo.getPhotos': getPhotos,
  'friend.getFriends': getFriends,
  'friend.isFriend': isFriend,
  'mail.getNewCount': getNewMailCount,
  'musicsharing.getSongs': getSongs,
  'notification.getNewCount': getNewNotificationCount,
  'notification.get': getNotifications,
  'user.getUser': getUser,
  'auth.expireSession': expireSession,
};
