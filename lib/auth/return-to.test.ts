import { describe, expect, it } from 'vitest';
import { safeReturnTo, signedOutPath, signInPath } from './return-to.ts';

const ORIGIN = 'http://localhost:3000';

describe('safeReturnTo', () => {
  it('keeps local paths with their query and fragment', () => {
    expect(safeReturnTo('/')).toBe('/');
    expect(safeReturnTo('/users/1')).toBe('/users/1');
    expect(safeReturnTo('/?x=1')).toBe('/?x=1');
    expect(safeReturnTo('/albums/2?page=3#photo-4')).toBe('/albums/2?page=3#photo-4');
  });

  it.each([
    ['protocol-relative URL', '//evil.example'],
    ['protocol-relative URL with path', '//evil.example/users/1'],
    ['backslash read as a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['absolute URL of another site', 'https://evil.example/'],
    ['http URL of another site', 'http://evil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['tab that a URL parser would drop', '/\t/evil.example'],
    ['newline that a URL parser would drop', '/\n/evil.example'],
    ['dot segments climbing to a protocol-relative path', '/..//evil.example'],
    ['relative path', 'users/1'],
    ['empty string', ''],
  ])('refuses a %s', (_what, value) => {
    expect(safeReturnTo(value)).toBe('/');
    expect(safeReturnTo(value, ORIGIN)).toBe('/');
  });

  it('refuses what is not a string', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/users/1'])).toBe('/');
    expect(safeReturnTo(42)).toBe('/');
  });

  it('accepts absolute URLs on our own origin only when the origin is given, as their path', () => {
    expect(safeReturnTo(`${ORIGIN}/users/1?x=1`, ORIGIN)).toBe('/users/1?x=1');
    expect(safeReturnTo(`${ORIGIN}/users/1`)).toBe('/');
    expect(safeReturnTo('http://localhost:4000/users/1', ORIGIN)).toBe('/');
    expect(safeReturnTo('https://localhost:3000/users/1', ORIGIN)).toBe('/');
    expect(safeReturnTo('http://user:pass@localhost:3000/', ORIGIN)).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnTo('/a/../users/1')).toBe('/users/1');
  });
});

describe('signInPath', () => {
  it('carries a safe return path to the sign-in page', () => {
    expect(signInPath('/users/1?x=1')).toBe('/sign-in?callbackUrl=%2Fusers%2F1%3Fx%3D1');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath('//evil.example')).toBe('/sign-in');
  });
});

describe('signedOutPath', () => {
  it('tells people on the home page on the landing page, everyone else on the sign-in page that brings them back', () => {
    expect(signedOutPath('/')).toBe('/?signed_out=1');
    expect(signedOutPath('/?x=1')).toBe('/?signed_out=1');
    expect(signedOutPath('/users/3')).toBe('/sign-in?callbackUrl=%2Fusers%2F3&reason=signed_out');
    expect(signedOutPath('//evil.example')).toBe('/?signed_out=1');
  });
});
