// A real DNS server on loopback (dns2, UDP) that answers MX queries for test domains (D11): domains it
// knows get their MX records, domains marked failing get SERVFAIL, everything else NXDOMAIN. It counts the
// queries it receives, so tests can see the service's cache at work.
import dns2 from 'dns2';

const { Packet } = dns2;
const SERVFAIL = 2;
const NXDOMAIN = 3;

export interface TestDnsServer {
  /** For INBOXD_DNS_SERVERS: 127.0.0.1:<port>. */
  address: string;
  setMx(domain: string, hosts: string[]): void;
  setFailing(domain: string): void;
  queriesFor(domain: string): number;
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const mx = new Map<string, string[]>();
  const failing = new Set<string>();
  const queries = new Map<string, number>();
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    const name = (question?.name ?? '').toLowerCase();
    queries.set(name, (queries.get(name) ?? 0) + 1);
    if (failing.has(name)) response.header.rcode = SERVFAIL;
    else if (!mx.has(name)) response.header.rcode = NXDOMAIN;
    else if (question?.type === Packet.TYPE.MX) {
      (mx.get(name) ?? []).forEach((exchange, i) =>
        response.answers.push({
          name,
          type: Packet.TYPE.MX,
          class: Packet.CLASS.IN,
          ttl: 300,
          exchange,
          priority: 10 * (i + 1),
        }),
      );
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    setMx: (domain, hosts) => {
      failing.delete(domain);
      mx.set(domain, hosts);
    },
    setFailing: (domain) => void failing.add(domain),
    queriesFor: (domain) => queries.get(domain) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
