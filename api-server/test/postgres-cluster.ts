import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// A throwaway PostgreSQL for the tests (TEST_DB=postgres): a cluster of its own in a temporary
// directory, made and run from the machine's server binaries (Debian's `postgresql` package),
// listening on a unix socket in that directory only, with durability off (a crash loses a test
// run, nothing else). Never a server the tests did not start. PostgreSQL refuses to run as
// root: then it runs as the `postgres` system user, which owns the directory.

const BIN_DIRS = ['/usr/lib/postgresql'];

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  for (const root of BIN_DIRS) {
    if (!fs.existsSync(root)) continue;
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(root, versions[0]!, 'bin');
  }
  throw new Error('TEST_DB=postgres needs PostgreSQL server binaries (initdb, postgres): apt-get install postgresql, or set PG_BIN_DIR.');
}

/** The command line, run as the postgres user when this process is root. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [cmd, args];
  return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
}

export interface Cluster {
  /** The address of database `name` on this cluster. */
  url(name: string): string;
  /** The server's own process id (its connections are its children): what the bench counts the CPU of. */
  pid(): number;
  /** Where its data and socket are (removed by stop). */
  dir: string;
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error('TEST_DB=postgres as root needs the postgres system user (apt-get install postgresql).');
    fs.chownSync(dir, Number(ids.stdout), Number(gid.stdout));
  }
  const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const settings = {
    listen_addresses: '',
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '300',
    shared_buffers: '128MB',
    log_min_messages: 'fatal',
  };
  const [cmd, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ]);
  const server: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const url = (name: string) => `postgres://postgres@localhost/${name}?host=${encodeURIComponent(dir)}`;

  const ready = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url('postgres') });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      if (server.exitCode !== null || Date.now() > ready) {
        server.kill('SIGKILL');
        throw new Error(`the test PostgreSQL did not start: ${String(err)}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const pid = () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url,
    pid,
    dir,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        // Fast shutdown: open sessions are ended, nothing is kept. Signalled by the server's own
        // pid (runuser in between does not pass signals on).
        process.kill(pid(), 'SIGINT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on database `postgres` of the cluster at `url` (CREATE / DROP DATABASE). */
export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
