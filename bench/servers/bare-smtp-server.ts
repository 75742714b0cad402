// The ingest ceiling of issues 8 and 15: nodemailer's smtp-server with the options inboxd's listener used
// while it ran smtp-server (before P49), reading every message and throwing it away. Prints `{"port": N}`
// once listening on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  banner: 'bare smtp-server, discards',
  size: 10 * 1024 * 1024,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.on('error', () => undefined);
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
