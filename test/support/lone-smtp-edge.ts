// An SMTP edge with no app behind it, for tests of the edge's own limits (connection caps, timeouts,
// a failing store): every recipient is accepted, and delivery is the test's, or an instant success.
import { pino } from 'pino';
import { parseAddress } from '../../src/mail/address.js';
import { createSmtpEdge, type SmtpEdge, type SmtpEdgeOptions } from '../../src/smtp/smtp-edge.js';

export function loneSmtpEdge(
  options: Pick<SmtpEdgeOptions, 'maxConnections' | 'maxConnectionsPerIp' | 'idleTimeoutMs'> & {
    deliver?: SmtpEdgeOptions['inbox']['deliver'];
  },
): SmtpEdge {
  const { deliver = async () => ({ mailId: 'm', messageIds: ['x'] }), ...limits } = options;
  return createSmtpEdge({
    hostname: 'mx.test',
    tls: { key: '', cert: '' },
    logger: pino({ level: 'silent' }),
    ...limits,
    inbox: {
      checkRecipient: async (input: string) => ({
        verdict: { action: 'accept' as const },
        recipient: { address: parseAddress(input)!, connect: false, chargeTo: null },
      }),
      deliver,
    },
  });
}
