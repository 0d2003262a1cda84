/**
 * The fuzz suite's fixed battery of malformed inputs (api-fuzz.test.ts sends them to every
 * route the app registers). Fixed, not random: a failure names the value and reproduces.
 */

/** A 1×1 PNG: the valid file a baseline request sends where a route takes a file. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type FuzzValue = string | string[] | Buffer | Buffer[];

/** Numbers no integer parameter may accept, and the shapes around them. */
export const BAD_INTEGERS: FuzzValue[] = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '99999999999999999999999',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '0x1F',
  '1e3',
  '+7',
  'abc',
  '１２',
  '٣',
  '1 OR 1=1',
  '1;DROP TABLE users',
  '<b>1</b>',
  '../1',
  '%00',
  ['1', '2'],
  '9'.repeat(400),
];

/** Text no parameter should choke on (most are valid text, some not for the field). */
export function badStrings(long: number): FuzzValue[] {
  return [
    '',
    ' ',
    '\t\n',
    'x'.repeat(long),
    '\u0000\u0001\u0007\u001b[31mred\u007f\u0085',
    'Ωмега中文🙂\u202eevil\u200b\u0301 عربى',
    '\ud800 lone surrogate',
    "' OR '1'='1' --",
    '"; DROP TABLE users; --',
    "1' UNION SELECT password_hash FROM users --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '../../../../etc/passwd',
    '..%2f..%2f..%2fetc%2fpasswd',
    '${7*7}{{7*7}}%s%n',
    // Full-text query syntax (SQLite FTS5, PostgreSQL tsquery): searched as text, never parsed.
    '"unbalanced * OR NEAR(a b) AND NOT c',
    '((( {title}: ^x -y +z & !w <-> v:*',
    ['a', 'b'],
    'null',
    '-1',
    '1e309',
    'true',
  ];
}

export const BAD_BOOLEANS: FuzzValue[] = ['maybe', '2', '-1', '', ['true', 'false']];

/** Files that are not the image they claim to be. */
export const BAD_FILES: FuzzValue[] = [
  Buffer.from('just some text, not an image'),
  Buffer.alloc(0),
  TINY_PNG.subarray(0, 30),
  Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(200, 0xff)]),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
  Buffer.from('GIF89a\u0001\u0000\u0001\u0000garbage'),
  // A PNG header declaring 100000×100000 pixels (a decompression bomb's dimensions).
  Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.from([0x00, 0x01, 0x86, 0xa0, 0x00, 0x01, 0x86, 0xa0]), TINY_PNG.subarray(24)]),
  'a text field where a file belongs',
  [TINY_PNG, TINY_PNG],
];

/** Path segments that are not an id: non-numbers, huge, traversal, encodings, an over-long one. */
export const BAD_PATH_SEGMENTS: string[] = [
  '0',
  '-1',
  '1.5',
  'abc',
  '1e309',
  'Infinity',
  '99999999999999999999999',
  '9007199254740993',
  '0x10',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '....//....//etc',
  '%00',
  '1%00',
  '%ZZ',
  '%',
  '%EF%BC%91',
  '1;DROP%20TABLE%20users',
  '%3Cscript%3E',
  'x'.repeat(150),
  '9'.repeat(120),
];

/** Multipart bodies the parser must refuse cleanly: [description, content-type, body]. */
export function badMultiparts(bodyLimit: number): Array<[string, string, string | Buffer]> {
  const b = 'fuzzboundary';
  const part = (name: string, value: string) => `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const manyFields = Array.from({ length: 260 }, (_, i) => part(`f${i}`, 'x')).join('') + `--${b}--\r\n`;
  return [
    ['multipart without a boundary', 'multipart/form-data', part('body', 'hi') + `--${b}--\r\n`],
    ['multipart with an empty boundary', 'multipart/form-data; boundary=', part('body', 'hi')],
    ['multipart with another boundary', 'multipart/form-data; boundary=other', part('body', 'hi') + `--${b}--\r\n`],
    [
      'multipart cut off in a part',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhel`,
    ],
    ['multipart cut off in the headers', `multipart/form-data; boundary=${b}`, `--${b}\r\nContent-Disposition: form-da`],
    [
      'multipart cut off in a file',
      `multipart/form-data; boundary=${b}`,
      Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="Filedata"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        TINY_PNG.subarray(0, 40),
      ]),
    ],
    ['multipart with no closing boundary', `multipart/form-data; boundary=${b}`, part('body', 'hi')],
    ['multipart of the closing boundary only', `multipart/form-data; boundary=${b}`, `--${b}--\r\n`],
    [
      'multipart with a part without a name',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`,
    ],
    [
      'multipart with a malformed part header',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nthis is not a header\r\n\r\nx\r\n--${b}--\r\n`,
    ],
    ['multipart with a __proto__ field', `multipart/form-data; boundary=${b}`, part('__proto__', 'x') + `--${b}--\r\n`],
    ['multipart with a constructor field', `multipart/form-data; boundary=${b}`, part('constructor', 'x') + `--${b}--\r\n`],
    [
      'multipart with a JSON part that is not JSON',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n{nope\r\n--${b}--\r\n`,
    ],
    [
      'multipart with a JSON object part',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n{"a":[1,2]}\r\n--${b}--\r\n`,
    ],
    ['multipart with 260 fields', `multipart/form-data; boundary=${b}`, manyFields],
    [
      'multipart with a field over the size limit',
      `multipart/form-data; boundary=${b}`,
      part('body', 'x'.repeat(bodyLimit + 10)) + `--${b}--\r\n`,
    ],
    [
      'multipart with 5 files',
      `multipart/form-data; boundary=${b}`,
      Array.from({ length: 5 }, (_, i) => `--${b}\r\nContent-Disposition: form-data; name="f${i}"; filename="a.txt"\r\n\r\nx\r\n`).join(
        '',
      ) + `--${b}--\r\n`,
    ],
    // Issue 52: bodies held before they were refused. API_BODY_LIMIT bounds the fields together,
    // a file is taken only under the names a route takes one, a part's headers are few.
    [
      'multipart whose fields pass the body limit together, each under it',
      `multipart/form-data; boundary=${b}`,
      ['a', 'b', 'c'].map((n) => part(n, 'x'.repeat(Math.ceil(bodyLimit / 3) + 10))).join('') + `--${b}--\r\n`,
    ],
    ['multipart with a field name over the name limit', `multipart/form-data; boundary=${b}`, part('n'.repeat(300), 'x') + `--${b}--\r\n`],
    [
      'multipart with a file under a name no route takes a file as',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="not_a_file"; filename="a.bin"\r\n\r\n${'x'.repeat(4096)}\r\n--${b}--\r\n`,
    ],
    [
      'multipart with a part of a hundred header lines',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="body"\r\n${'X-Fuzz: 1\r\n'.repeat(100)}\r\nhi\r\n--${b}--\r\n`,
    ],
    [
      'multipart that is binary noise',
      `multipart/form-data; boundary=${b}`,
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)),
    ],
  ];
}

/** Other bodies: wrong content types, malformed JSON and forms, and bodies over the limit. */
export function badBodies(bodyLimit: number): Array<[string, string | undefined, string | Buffer]> {
  return [
    ['a body without a content type', undefined, 'body=hi'],
    ['text/plain', 'text/plain', 'body=hi'],
    ['application/xml', 'application/xml', '<body>hi</body>'],
    ['an unknown content type', 'application/x-fuzz', 'x'],
    ['a content type with bad parameters', 'application/x-www-form-urlencoded; charset=nope"', 'body=hi'],
    ['JSON that is not JSON', 'application/json', '{"body": "hi"'],
    ['an empty JSON body', 'application/json', ''],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['JSON null', 'application/json', 'null'],
    ['JSON with wrong types', 'application/json', '{"body":{"a":1},"page":[1],"id":true,"title":null}'],
    ['JSON with __proto__', 'application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
    ['a form with bad percent-encoding', 'application/x-www-form-urlencoded', 'body=%ZZ&%E0%A4%A=1&&=&a'],
    ['a form with nested keys', 'application/x-www-form-urlencoded', 'a[b][c]=1&a[]=2&__proto__[x]=1'],
    ['a form over the body limit', 'application/x-www-form-urlencoded', `body=${'x'.repeat(bodyLimit + 10)}`],
    ['JSON over the body limit', 'application/json', JSON.stringify({ body: 'x'.repeat(bodyLimit + 10) })],
  ];
}

/** Authorization headers and access_token values that are not a token. */
export const BAD_AUTH: Array<[string, { headers?: Record<string, string>; query?: Record<string, string | string[]> }]> = [
  ['a garbage bearer token', { headers: { authorization: 'Bearer not-a-token' } }],
  ['an empty bearer token', { headers: { authorization: 'Bearer ' } }],
  ['a 5000-character bearer token', { headers: { authorization: `Bearer ${'x'.repeat(5000)}` } }],
  ['a Basic header', { headers: { authorization: 'Basic ZGVtbzpkZW1v' } }],
  ['a header of control characters', { headers: { authorization: 'Bearer \u0001\u0002' } }],
  ['access_token twice', { query: { access_token: ['a', 'b'] } }],
  ['an SQL-shaped access_token', { query: { access_token: "' OR 1=1 --" } }],
];

/** Query strings that are malformed as a whole. */
export const BAD_QUERIES: string[] = [
  'x=%ZZ&%=1',
  'a[b][c]=1&a[]=2',
  '__proto__[admin]=1&constructor[prototype][x]=1',
  '&&&==&',
  `${'k'.repeat(3000)}=1`,
];
