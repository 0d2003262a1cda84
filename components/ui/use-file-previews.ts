'use client';

import { useEffect, useRef } from 'react';

/**
 * Object URLs of picked files, to show them before they are uploaded: made once each, revoked
 * when their entry leaves the list and when the page goes.
 */
export function useFilePreviews(entries: ReadonlyArray<{ key: string; file: File }>) {
  const urls = useRef(new Map<string, string>());
  useEffect(() => {
    const keys = new Set(entries.map((e) => e.key));
    for (const [key, url] of urls.current) {
      if (!keys.has(key)) {
        URL.revokeObjectURL(url);
        urls.current.delete(key);
      }
    }
  }, [entries]);
  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);
  return (entry: { key: string; file: File }) => {
    let url = urls.current.get(entry.key);
    if (!url) {
      url = URL.createObjectURL(entry.file);
      urls.current.set(entry.key, url);
    }
    return url;
  };
}
