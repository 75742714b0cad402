// The small part of dns2 (2.x ships no types) that the loopback DNS server of the tests uses.
declare module 'dns2' {
  import type { RemoteInfo, Socket } from 'node:dgram';

  interface Question {
    name: string;
    type: number;
    class: number;
  }

  class Packet {
    header: { id: number; qr: number; rcode: number };
    questions: Question[];
    answers: Record<string, unknown>[];
    static TYPE: { MX: number; A: number };
    static CLASS: { IN: number };
    static createResponseFromRequest(request: Packet): Packet;
  }

  interface UdpServer extends Socket {
    listen(port: number, address: string): Promise<void>;
  }

  const dns2: {
    Packet: typeof Packet;
    createUDPServer(
      handler: (request: Packet, send: (response: Packet) => Promise<unknown>, rinfo: RemoteInfo) => void,
    ): UdpServer;
  };
  // dns2 is a CommonJS module: its module.exports is the default export seen from ESM.
  // eslint-disable-next-line no-restricted-syntax
  export default dns2;
}
