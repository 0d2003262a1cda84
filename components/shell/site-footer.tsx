import { site } from '@/lib/site';
import { Container } from '@/components/ui/container';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <Container className="py-8 text-sm text-slate-600 dark:text-slate-400">
        <p>{site.name} is a web client for the Social Network REST API: it works with any server that follows the API.</p>
      </Container>
    </footer>
  );
}
