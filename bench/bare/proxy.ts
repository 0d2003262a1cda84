// Not a proxy of the bare page: Turbopack takes the nearest proxy.ts up to its root (the
// repository), so without this file the bare app's build would compile the product's
// proxy.ts. It matches no path the bench loads, so it never runs.
import { NextResponse } from 'next/server';

export function proxy() {
  return NextResponse.next();
}

export const config = { matcher: '/__bench_bare_no_proxy__' };
