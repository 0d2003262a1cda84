import type { ReactNode } from 'react';

export const metadata = { title: 'Bare feed' };

/** Plain markup: no stylesheet, no fonts, no client component. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
