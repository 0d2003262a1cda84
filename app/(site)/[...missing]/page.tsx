import { notFound } from 'next/navigation';

/** Any address no page of the site matches: the site's 404 page, inside its chrome. */
export default function Missing(): never {
  notFound();
}
