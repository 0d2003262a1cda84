// Lint fixture (scripts/lint-boundaries.test.ts lints it as a file of components/): a component
// that reaches up into a route.
import BlogsPage from '@/app/(site)/blogs/page';

export const page = BlogsPage;
