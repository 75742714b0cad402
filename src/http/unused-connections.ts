// Connections that were opened but have never carried a request (a client's spare or speculative
// connections: undici opens them under load, browsers preconnect), including those still in their TLS
// handshake. Node's server.close() closes idle connections only once they have carried a request, so
// these would hold a shutdown open until a timeout; the composition root closes them when it stops.
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

export function trackUnusedConnections(server: HttpsServer): { closeUnused(): void } {
  const unused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  // An HTTPS request's socket is the TLS socket; the TCP connection under it is its _parent.
  server.on('request', (request) =>
    unused.delete((request.socket as unknown as { _parent?: Socket })._parent ?? (request.socket as Socket)),
  );
  return {
    closeUnused() {
      for (const socket of unused) socket.destroy();
      unused.clear();
    },
  };
}
