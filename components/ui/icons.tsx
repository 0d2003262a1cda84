// Outline icons on a 24-unit grid, drawn by the stylesheet (app/globals.css, "icon-*"): each is
// one short <span> in the page (or, on a control, drawn by the control: `with-icon icon-chat`).
// Decorative: whatever they stand for is written beside them.

export type IconProps = { className?: string };

function icon(name: string) {
  function Icon({ className = '' }: IconProps) {
    return <span aria-hidden="true" className={`icon icon-${name} ${className}`} />;
  }
  return Icon;
}

export const FeedIcon = icon('feed');
export const PhotoIcon = icon('photo');
export const BlogIcon = icon('blog');
export const TagIcon = icon('tag');
export const CalendarIcon = icon('calendar');
export const DashboardIcon = icon('dashboard');
export const ShareIcon = icon('share');
/** A heart; filled for a like that is on. */
export function HeartIcon({ filled = false, className = '' }: IconProps & { filled?: boolean }) {
  return <span aria-hidden="true" className={`icon ${filled ? 'icon-heart-filled' : 'icon-heart'} ${className}`} />;
}
export const LinkIcon = icon('link');
export const BellIcon = icon('bell');
export const UserIcon = icon('user');
export const UsersIcon = icon('users');
export const MailIcon = icon('mail');
export const VideoIcon = icon('video');
export const MusicIcon = icon('music');
