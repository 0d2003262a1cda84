import type { Metadata } from 'next';
import { BlogCard } from '@/components/blogs/blog-card';
import { emptyTab, ProfileTab } from '@/components/users/profile-tab';
import { routes } from '@/lib/routes';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Blog posts' };

/** A member's blog posts (the profile's Blogs tab). */
export default async function MemberBlogsPage(props: ProfileTabRouteProps) {
  const { member, own, list, hrefOf } = await loadTabPage('blogs', PROFILE_TABS.blogs, props);
  return (
    <ProfileTab
      title={own ? 'Your blog posts' : `${member.name}’s blog posts`}
      list={list}
      noun={['post', 'posts']}
      empty={emptyTab(own, member.name, 'written a blog post', { href: routes.newBlog, label: 'Write a post' })}
      item={(post) => <BlogCard post={post} />}
      hrefOf={hrefOf}
    />
  );
}
