import { escapeHtml } from '#shared/text/html.ts';
import { htmlDocument, PAGE_BASE_CSS, styleSource } from '../oauth/pages.ts';
import type { LegacyApp } from '../data/legacy.ts';

/** The site page that embeds an application. Plain HTML, no script, one hashed stylesheet. */

const CSS = `${PAGE_BASE_CSS}
html,body{height:100%}
body{display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:16px;padding:10px 20px;background:var(--card);border-bottom:1px solid var(--line)}
header h1{font-size:1.1rem;margin:0;flex:1}
form{margin:0}
button.link{font:inherit;font-size:.92rem;background:none;border:0;padding:0;color:var(--accent);text-decoration:underline;cursor:pointer}
main{flex:1;display:flex;padding:16px}
iframe{flex:1;width:100%;min-height:480px;border:1px solid var(--line);border-radius:12px;background:var(--card)}
`.trim();

const STYLE_SOURCE = styleSource(CSS);

/**
 * The page may show the app's origin in a frame and nothing else; it may itself never be framed
 * (a framed page with the signed-in user's app would invite clickjacking).
 */
export function appPageCsp(frameOrigin: string): string {
  return `default-src 'none'; style-src ${STYLE_SOURCE}; frame-src ${frameOrigin}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

export function appPage(opts: {
  app: LegacyApp;
  src: string;
  userName: string;
  signOutAction: string;
  csrf: { name: string; value: string };
}): string {
  const name = escapeHtml(opts.app.name);
  return htmlDocument(
    opts.app.name,
    CSS,
    `<header>
<h1>${name}</h1>
<span class="muted">Signed in as <strong>${escapeHtml(opts.userName)}</strong></span>
<form method="post" action="${escapeHtml(opts.signOutAction)}">
<input type="hidden" name="${escapeHtml(opts.csrf.name)}" value="${escapeHtml(opts.csrf.value)}">
<button type="submit" class="link">Sign out</button>
</form>
</header>
<main>
<iframe src="${escapeHtml(opts.src)}" title="${name}" sandbox="allow-scripts allow-forms allow-same-origin allow-popups" referrerpolicy="no-referrer"></iframe>
</main>`,
  );
}
