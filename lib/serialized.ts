declare const serializedOf: unique symbol;

/**
 * A server component's data for a client component as one JSON string, for data of many small
 * values (a page of the feed: ~1,500 of them). React's Flight protocol calls its replacer for
 * every value of a client component's props, records a path string and a map entry for every
 * object, and its reader revives every value again, once in the web server's own HTML render and
 * once in the browser: for a feed page that was ~2 ms of the web server's CPU a render, most of
 * the product's own CPU per feed render (docs/performance.md, "A page of posts crosses to the
 * browser as one string"). One string is one value: V8's native JSON.stringify and JSON.parse do
 * the rest, and Flight sends a long string as a text row of its own, unescaped.
 *
 * Only for plain JSON data (no Date, Map, undefined that matters or functions): the type says
 * what comes out, and the data's own types must allow for what JSON drops.
 */
export type Serialized<T> = string & { readonly [serializedOf]: T };

export function serialize<T>(value: T): Serialized<T> {
  return JSON.stringify(value) as Serialized<T>;
}

export function deserialize<T>(json: Serialized<T>): T {
  return JSON.parse(json) as T;
}
