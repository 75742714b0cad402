// The operator's view from outside (Prometheus text format at GET /metrics): what SMTP accepted and
// refused and why, API requests by route and status with their latency, storage faults, sweeper runs,
// rate-limit refusals, the store's size, and the process's own figures (event-loop delay, memory, CPU).
// One registry per running app, so several apps in one test process never share a figure.
import client from 'prom-client';

export interface StoreSize {
  messages: number;
  bytes: number;
}

export function createMetrics(storeSize: () => Promise<StoreSize>) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'inboxd_process_', eventLoopMonitoringPrecision: 10 });
  const registers = [registry];

  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Counter<L>({ name, help, labelNames, registers });
  const gauge = (name: string, help: string) => new client.Gauge({ name, help, registers });

  const smtpAccepted = counter(
    'inboxd_smtp_messages_accepted_total',
    'Messages answered 250 after a durable commit (D10), one per DATA',
  );
  const smtpAcceptedBytes = counter('inboxd_smtp_accepted_bytes_total', 'Bytes of the messages answered 250');
  const smtpRefused = counter(
    'inboxd_smtp_messages_refused_total',
    'Messages refused after DATA, by reason (4xx reasons are retried by the sender)',
    ['reason'] as const,
  );
  const smtpRecipientsRefused = counter(
    'inboxd_smtp_recipients_refused_total',
    'Recipients refused at RCPT, by reason',
    ['reason'] as const,
  );
  const smtpConnectionsRefused = counter(
    'inboxd_smtp_connections_refused_total',
    'Connections refused by the caps of D25',
    ['reason'] as const,
  );
  const smtpConnectionsOpen = gauge('inboxd_smtp_connections_open', 'SMTP connections open now');
  const httpRequests = counter('inboxd_http_requests_total', 'HTTPS requests by route, method and status', [
    'route',
    'method',
    'status',
  ] as const);
  const httpDuration = new client.Histogram({
    name: 'inboxd_http_request_duration_seconds',
    help: 'Time from request to response, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers,
  });
  const rateLimited = counter('inboxd_rate_limit_refusals_total', 'Requests refused by the rate limits of D17');
  const storageFaults = counter(
    'inboxd_storage_faults_total',
    'Passing faults of the storage engine (locks, I/O, full disk, lost connection), each answered 503 or 451',
    ['code'] as const,
  );
  const sweeps = counter('inboxd_sweeper_runs_total', 'Retention sweeps, by result', ['result'] as const);
  const swept = counter('inboxd_sweeper_deleted_mails_total', 'Mails deleted by the retention sweeper');
  const storeMessages = gauge('inboxd_store_messages', 'Messages in the store, expired but not yet swept included');
  const storeBytes = gauge('inboxd_store_bytes', 'Size of the store on disk, in bytes');
  const storeScrapeFailed = gauge(
    'inboxd_store_size_unknown',
    '1 when the store could not be asked its size at this scrape',
  );

  return {
    smtp: {
      accepted(bytes: number): void {
        smtpAccepted.inc();
        smtpAcceptedBytes.inc(bytes);
      },
      refused: (reason: string): void => smtpRefused.inc({ reason }),
      recipientRefused: (reason: string): void => smtpRecipientsRefused.inc({ reason }),
      connectionRefused: (reason: string): void => smtpConnectionsRefused.inc({ reason }),
      connectionsOpen: (count: number): void => smtpConnectionsOpen.set(count),
    },
    http: {
      observe(route: string, method: string, status: number, seconds: number): void {
        httpRequests.inc({ route, method, status: String(status) });
        httpDuration.observe({ route, method }, seconds);
      },
    },
    rateLimited: (): void => rateLimited.inc(),
    storageFault(error: unknown): void {
      const code = (error as { code?: unknown } | null)?.code;
      storageFaults.inc({ code: typeof code === 'string' ? code : 'connection' });
    },
    sweep(result: { deleted: number } | { error: unknown }): void {
      if ('deleted' in result) {
        sweeps.inc({ result: 'ok' });
        swept.inc(result.deleted);
      } else sweeps.inc({ result: 'failed' });
    },
    contentType: registry.contentType,
    async render(): Promise<string> {
      try {
        const size = await storeSize();
        storeMessages.set(size.messages);
        storeBytes.set(size.bytes);
        storeScrapeFailed.set(0);
      } catch {
        storeScrapeFailed.set(1);
      }
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
export type SmtpMetrics = Metrics['smtp'];
