import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Where the API keeps uploaded files (pictures in every size): one interface, so that every
 * route writes and reads files the same way and another store (object storage) can take the
 * local directory's place without the routes changing. Names are relative paths made of
 * `[a-z0-9.-]` segments (`img/<id>/<size>.<ext>`), served at `/files/<name>`.
 *
 * Several API instances share one store: with the local directory, the same DATA_DIR (a shared
 * volume) on every instance, so that an upload through one is served by the others.
 */
export interface FileStore {
  /** Stores `bytes` under `name`; a reader (on any instance) sees the whole file or none. */
  write(name: string, bytes: Buffer): Promise<void>;
  /** Moves the local file `source` (a spooled upload, ffmpeg's output) in under `name`, as `write` stores. */
  writeFrom(name: string, source: string): Promise<void>;
  /** The file's size; null when there is none. */
  size(name: string): Promise<number | null>;
  /** The bytes `start` to `end` (inclusive) of the file, as a stream. */
  stream(name: string, range: { start: number; end: number }): Readable;
  /** The file's bytes; null when there is none. */
  read(name: string): Promise<Buffer | null>;
  exists(name: string): Promise<boolean>;
  /** Removes every file whose name starts with `prefix/`. */
  removeAll(prefix: string): Promise<void>;
  /** Serves the files at `/files/<name>` (long-cached: a name never changes content). */
  serve(app: FastifyInstance): Promise<void>;
}

const NAME = /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/;

function checked(name: string): string {
  if (!NAME.test(name) || name.split('/').some((s) => s === '..' || s === '.')) throw new Error(`bad file name ${name}`);
  return name;
}

/** The files in a local directory (DATA_DIR/files). */
export function localFileStore(root: string): FileStore {
  const file = (name: string) => path.join(root, checked(name));
  return {
    async write(name, bytes) {
      const target = file(name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed into place: the rename is atomic, so another instance
      // serving the same directory never sends half a file.
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
      try {
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async writeFrom(name, source) {
      const target = file(name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(source, target);
      } catch (err) {
        // Another file system (a shared volume): copied aside, then renamed into place.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
        try {
          await fs.copyFile(source, temp);
          await fs.rename(temp, target);
        } finally {
          await fs.rm(temp, { force: true });
          await fs.rm(source, { force: true });
        }
      }
    },
    async size(name) {
      try {
        return (await fs.stat(file(name))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    stream(name, { start, end }) {
      return createReadStream(file(name), { start, end });
    },
    async read(name) {
      try {
        return await fs.readFile(file(name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async exists(name) {
      return fs.access(file(name)).then(
        () => true,
        () => false,
      );
    },
    async removeAll(prefix) {
      await fs.rm(file(prefix), { recursive: true, force: true });
    },
    async serve(app) {
      await fs.mkdir(root, { recursive: true });
      await app.register(fastifyStatic, {
        root,
        prefix: '/files/',
        decorateReply: false,
        index: false,
        immutable: true,
        maxAge: '365d',
        // Files being written (aside, under a .part name) are not served.
        allowedPath: (pathName) => !pathName.endsWith('.part'),
      });
    },
  };
}
