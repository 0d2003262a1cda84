import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from './free-ports';

describe('freePorts', () => {
  it('gives distinct ports, each free to listen on once it has returned', async () => {
    const ports = await freePorts(5);
    expect(ports).toHaveLength(5);
    expect(new Set(ports).size).toBe(5);
    const servers = ports.map(() => net.createServer());
    await Promise.all(
      servers.map(
        (server, i) =>
          new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(ports[i], '127.0.0.1', resolve);
          }),
      ),
    );
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  });
});
