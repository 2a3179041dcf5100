import { createServer, connect, type Socket as TcpSocket } from 'node:net';

export interface TcpProxy {
  url: string;
  /** Cuts every open connection at once, as a network drop would. */
  cutAll(): void;
  close(): void;
}

/**
 * A load balancer in miniature for fault tests: new connections go to `target()` (read at each connection, so a
 * test can move clients to another node), or are refused while `refuse()` says so (a network cut).
 */
export async function startTcpProxy(target: () => number, refuse: () => boolean = () => false): Promise<TcpProxy> {
  const piped = new Set<TcpSocket>();
  const server = createServer((client) => {
    if (refuse()) return client.destroy();
    const upstream = connect(target(), '127.0.0.1');
    for (const s of [client, upstream]) {
      piped.add(s);
      s.on('close', () => piped.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const cutAll = () => {
    for (const s of piped) s.destroy();
  };
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    cutAll,
    close() {
      server.close();
      cutAll();
    },
  };
}
