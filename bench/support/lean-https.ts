// A lean HTTP/1.1 client over one keep-alive TLS connection, for load generators on a 2-core machine:
// requests go one at a time in order, each written as one string; a response is read as a status, the
// headers it needs (content-length, etag) and a body of content-length bytes. Nothing else of HTTP is
// handled (no chunked bodies, no redirects, no reconnection): what it cannot read fails the request.
// It costs a fraction of undici's CPU per request, so the generator leaves the cores to the service.
import { connect as connectTcp } from 'node:net';
import { connect, type TLSSocket } from 'node:tls';

export interface LeanResponse {
  status: number;
  etag: string | undefined;
  body: Buffer;
}

interface Pending {
  head: string;
  resolve(response: LeanResponse): void;
  reject(error: Error): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class LeanHttpsConnection {
  private readonly socket: TLSSocket;
  private readonly queue: Pending[] = [];
  private inFlight: Pending | undefined;
  private buffered: Buffer = Buffer.alloc(0);
  private failure: Error | undefined;

  constructor(options: { port: number; ca: string; localAddress: string }) {
    const tcp = connectTcp({
      host: '127.0.0.1',
      port: options.port,
      localAddress: options.localAddress,
      noDelay: true,
    });
    this.socket = connect({ socket: tcp, ca: options.ca, servername: 'localhost' });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (error: Error) => this.fail(error);
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(Object.assign(new Error('connection closed'), { code: 'ECLOSED' })));
  }

  /** GET `path` with the extra header lines given (each "Name: value"). */
  get(path: string, headers: string[] = []): Promise<LeanResponse> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const head = `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;
    return new Promise((resolve, reject) => {
      this.queue.push({ head, resolve, reject });
      this.next();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private next(): void {
    if (this.inFlight !== undefined) return;
    this.inFlight = this.queue.shift();
    if (this.inFlight !== undefined) this.socket.write(this.inFlight.head);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of [...(this.inFlight === undefined ? [] : [this.inFlight]), ...this.queue.splice(0)]) p.reject(error);
    this.inFlight = undefined;
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const end = this.buffered.indexOf(HEADER_END);
      if (end < 0 || this.inFlight === undefined) return;
      const head = this.buffered.toString('latin1', 0, end);
      const status = Number(head.slice(9, 12));
      let length = 0;
      let etag: string | undefined;
      for (const line of head.split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).toLowerCase();
        if (name === 'content-length') length = Number(line.slice(colon + 1).trim());
        else if (name === 'etag') etag = line.slice(colon + 1).trim();
        else if (name === 'transfer-encoding')
          return this.fail(new Error('chunked responses are not read by this client'));
      }
      if (status === 304 || status === 204) length = 0;
      const total = end + 4 + length;
      if (this.buffered.length < total) return;
      const body = this.buffered.subarray(end + 4, total);
      this.buffered = this.buffered.subarray(total);
      const done = this.inFlight;
      this.inFlight = undefined;
      done.resolve({ status, etag, body });
      this.next();
    }
  }
}
