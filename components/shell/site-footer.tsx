import { site } from '@/lib/site';
import { Container } from '@/components/ui/container';
import { KeyboardLayer } from '@/components/keyboard/keyboard-layer';

export function SiteFooter({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <Container className="flex flex-wrap items-baseline justify-between gap-4 py-8 text-sm text-slate-600 dark:text-slate-400">
        <p>{site.name} is a web client for the Social Network REST API: it works with any server that follows the API.</p>
        <KeyboardLayer signedIn={signedIn} />
      </Container>
    </footer>
  );
}
