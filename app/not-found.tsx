// notFound() above the (site) group (nothing calls it today): the same page. Unknown addresses
// are caught by app/(site)/[...missing] so that they get the site's chrome. This file must not
// render the chrome itself: Next puts the root not-found into every page's RSC payload.
export { default, metadata } from './(site)/not-found';
