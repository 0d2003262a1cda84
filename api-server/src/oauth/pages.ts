import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '#shared/text/html.ts';
import { describeScope } from './scopes.ts';

/** The authorize pages are plain server-rendered HTML: no script, no external asset. */

/** The colours (light and dark) and type of every page the API server renders itself. */
export const PAGE_BASE_CSS = `
:root{color-scheme:light dark;--fg:#1d2330;--muted:#5b6475;--bg:#f4f5f8;--card:#fff;--line:#d9dde5;--accent:#2f5fd0;--accent-fg:#fff;--err-bg:#fdecec;--err:#a32020}
@media (prefers-color-scheme:dark){:root{--fg:#e7e9ee;--muted:#a2a9b8;--bg:#14161b;--card:#1e2129;--line:#363b47;--accent:#6d93ff;--accent-fg:#0d1020;--err-bg:#3a1d1f;--err:#ffb4b4}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.muted{color:var(--muted);font-size:.92rem}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
`.trim();

/** A stylesheet's CSP source (its hash): a page allows its one stylesheet and no other style or script. */
export const styleSource = (css: string): string => `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`;

const CSS = `${PAGE_BASE_CSS}
body{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 8px}
p{margin:0 0 16px}
.error{background:var(--err-bg);color:var(--err);border-radius:8px;padding:10px 12px}
label{display:block;font-weight:600;margin:14px 0 6px}
input[type=email],input[type=password]{width:100%;padding:10px 12px;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:8px}
input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
button{font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer}
button.secondary{background:transparent;color:var(--fg);border-color:var(--line)}
button.link{background:none;border:0;padding:0;color:var(--accent);font-weight:400;text-decoration:underline}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:20px}
form.full button{width:100%;margin-top:20px}
ul.scopes{margin:0 0 8px;padding:0;list-style:none;border-top:1px solid var(--line)}
ul.scopes li{padding:10px 0;border-bottom:1px solid var(--line)}
.switch{margin-top:18px;text-align:center}
`.trim();

const STYLE_SOURCE = styleSource(CSS);

/**
 * Headers of every page and redirect of the site's own forms: no framing (clickjacking of the
 * Allow button), no caching, no Referer (a code in a URL must not leak to another site).
 * `formTargets` are origins a form on the page may end up redirecting to: browsers apply
 * form-action to the redirects that follow a form submission, so the client's redirect URI
 * must be listed. nosniff is set here too, not only by the app's onSend hook: a page answered
 * for the router's own refusals (app.ts frameworkErrors) runs no hooks.
 */
export function pageHeaders(reply: FastifyReply, formTargets: string[] = []): FastifyReply {
  const formAction = ["'self'", ...formTargets].join(' ');
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src ${STYLE_SOURCE}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('X-Frame-Options', 'DENY')
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .header('Referrer-Policy', 'no-referrer');
}

/** The CSP source naming where a redirect URI points: its origin, or its scheme for app URIs. */
export function cspSourceOf(uri: string): string | null {
  try {
    const url = new URL(uri);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    return /^[a-z][a-z0-9+.-]*:$/i.test(url.protocol) ? url.protocol : null;
  } catch {
    return null;
  }
}

/** A whole page: its title, its one stylesheet (allowed by the CSP by its hash) and its body's markup. */
export function htmlDocument(title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

const layout = (title: string, main: string): string => htmlDocument(title, CSS, `<main>\n${main}\n</main>`);

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

export interface FormContext {
  /** Where the forms post. */
  action: string;
  /** Hidden fields every form carries: the authorization request and the CSRF token. */
  hidden: Record<string, string>;
  clientName: string;
}

export function signInPage(ctx: FormContext, opts: { email?: string; error?: string } = {}): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p><strong>${escapeHtml(ctx.clientName)}</strong> wants to use your account. Sign in to continue.</p>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form class="full" method="post" action="${escapeHtml(ctx.action)}">
${hiddenFields(ctx.hidden)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}"${opts.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${opts.email ? ' autofocus' : ''}>
<button type="submit" name="action" value="sign_in">Sign in</button>
</form>`,
  );
}

export function consentPage(
  ctx: FormContext,
  opts: { user: { full_name: string; email: string }; scopes: string[]; redirectHost: string },
): string {
  const client = escapeHtml(ctx.clientName);
  const items = opts.scopes.length
    ? opts.scopes.map((s) => `<li>${escapeHtml(describeScope(s))}</li>`).join('\n')
    : '<li>Know that you signed in, nothing more</li>';
  return layout(
    `Allow ${ctx.clientName}?`,
    `<h1>Allow ${client} to use your account?</h1>
<p class="muted">Signed in as <strong>${escapeHtml(opts.user.full_name)}</strong> (${escapeHtml(opts.user.email)})</p>
<p>${client} will be able to:</p>
<ul class="scopes">
${items}
</ul>
<p class="muted">After you choose, you go back to ${escapeHtml(opts.redirectHost)}.</p>
<form method="post" action="${escapeHtml(ctx.action)}">
${hiddenFields(ctx.hidden)}
<div class="actions">
<button type="submit" name="action" value="deny" class="secondary">Deny</button>
<button type="submit" name="action" value="allow">Allow</button>
</div>
</form>
<form class="switch" method="post" action="${escapeHtml(ctx.action)}">
${hiddenFields(ctx.hidden)}
<button type="submit" name="action" value="sign_out" class="link">Not you? Sign out</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="muted">You can close this page. If you came from an application, tell its developers about this error.</p>`,
  );
}
