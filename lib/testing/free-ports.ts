import net from 'node:net';

/**
 * `count` distinct free ports on 127.0.0.1 for servers a test or the bench starts. Every port is
 * held until all are known: taken one at a time (each closed before the next was asked for), the
 * system may hand the same port out twice, and two servers told to listen on it leave the second
 * one's address answered by the first.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => net.createServer());
  try {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', resolve);
          }),
      ),
    );
    return servers.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(
      servers.map((server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))),
    );
  }
}
