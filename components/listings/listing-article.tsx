import { useId } from 'react';
import { SignInButton } from '@/components/auth/sign-in-button';
import { PostDate } from '@/components/ui/post-date';
import { SocialBar } from '@/components/social/social-bar';
import { PersonRole } from '@/components/ui/person-role';
import { TagLinks } from '@/components/ui/tag-links';
import { buttonStyles } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import type { ListingPage } from '@/lib/social-api/classifieds';
import { ListingGallery } from './listing-gallery';
import { ListingOwnerActions } from './listing-owner-actions';

/**
 * A listing on its own page. A server component: the body is HTML the API cleaned and the BFF
 * cleaned again (lib/social-api/sanitize.ts); the client islands are the gallery, the seller's
 * actions and the social layer.
 */
export type ListingArticleProps = {
  listing: ListingPage;
  /** "Contact seller" (messages here, an open listing of someone else's): its page, or for a visitor a sign-in that leads there. */
  contact?: { href: string; signIn: boolean };
};

export function ListingArticle({ listing, contact }: ListingArticleProps) {
  const id = useId();
  const mine = listing.can.edit || listing.can.delete;
  // The listing's facts and its seller in one panel: right after the title on a narrow screen,
  // beside the gallery (and sticky) on a wide one, so the way to reach the seller is above the fold.
  const panel = (
    <div className="card lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
      <p className="text-2xl font-bold">{listing.price || 'No price given'}</p>
      <p className="muted mt-1 text-sm">
        {listing.location || 'No location given'}
        {listing.createdAt ? (
          <>
            {' · Listed '}
            <PostDate ms={listing.createdAt} />
          </>
        ) : null}
      </p>
      <section aria-label="Seller" className="mt-4 flex items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <PersonRole
          person={listing.seller}
          label="Sold by"
          detail={
            listing.sellerSince ? (
              <>
                Member since <PostDate ms={listing.sellerSince} month />
              </>
            ) : undefined
          }
        />
      </section>
      <p className="mt-3 text-sm">
        <a href={routes.listings({ user: listing.seller.id })} className="link">
          {mine ? 'Your other listings' : `Other listings by ${listing.seller.name}`}
        </a>
      </p>
      {contact ? (
        <div className="mt-4">
          {contact.signIn ? (
            <SignInButton callbackUrl={contact.href}>Sign in to contact the seller</SignInButton>
          ) : (
            <a href={contact.href} className={`${buttonStyles.primary} with-icon icon-mail w-full justify-center`}>
              Contact seller
            </a>
          )}
        </div>
      ) : null}
    </div>
  );
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-3xl lg:max-w-5xl">
      {listing.closed ? (
        <p
          role="status"
          className="mb-4 rounded-xl border border-slate-300 bg-slate-100 px-4 py-3 text-sm font-medium text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          This listing is closed{mine ? '' : ': the item is sold or no longer offered'}.
        </p>
      ) : null}
      <header>
        <p className="text-sm">
          <a href={routes.listings()} className="link">
            Listings
          </a>
          {listing.category ? (
            <>
              {' · '}
              <a href={routes.listings({ category: listing.category.id })} className="link">
                {listing.category.title}
              </a>
            </>
          ) : null}
        </p>
        <h1 id={`${id}-title`} className="mt-1 text-3xl font-bold tracking-tight">
          {listing.title}
        </h1>
      </header>

      {/* Two columns from lg: the gallery and the body on the left, the panel on the right (first
          in the source, so a narrow screen and the keyboard meet it before the gallery). */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-8">
        {panel}
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {listing.photos.length ? <ListingGallery photos={listing.photos} title={listing.title} /> : null}

          {/* Sanitized on the server (lib/social-api/sanitize.ts) before it reached this component. */}
          <div className="rich-text mt-6 whitespace-pre-line first:mt-0" dangerouslySetInnerHTML={{ __html: listing.html }} />

          <TagLinks tags={listing.tags} href={(tag) => routes.listings({ q: tag, status: 'all' })} className="mt-6" />

          {listing.can.edit ? (
            <p className="mt-6">
              <a href={routes.editListing(listing.id)} className={buttonStyles.secondary}>
                Edit the listing
              </a>
            </p>
          ) : null}

          {listing.can.open || listing.can.close || listing.can.delete ? (
            <ListingOwnerActions
              id={listing.id}
              title={listing.title}
              canOpen={listing.can.open}
              canClose={listing.can.close}
              canDelete={listing.can.delete}
            />
          ) : null}

          <div className="mt-6">
            <SocialBar
              social={listing.social}
              ownerId={listing.seller.id}
              label={`“${listing.title}” by ${listing.seller.name}`}
              what="this listing"
              writing
            />
          </div>
        </div>
      </div>
    </article>
  );
}
