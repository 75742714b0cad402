// The ingest phase's comparison with the peers, as Markdown tables (one per message size: rate, CPU per
// message and peak RSS of every server, and inboxd's standing against each) and as an SVG chart drawn
// here without any dependency (msg/s and CPU per message by size, log scales).
import { SHARED, type IngestResult, type ServerName, type ServerSummary } from './ingest.js';

export const SERVER_ORDER: readonly ServerName[] = ['bare smtp-server', 'Haraka', 'MailDev', 'inboxd', SHARED];
const COLOURS: Record<ServerName, string> = {
  'bare smtp-server': '#7f7f7f',
  Haraka: '#1f77b4',
  MailDev: '#ff7f0e',
  inboxd: '#2ca02c',
  [SHARED]: '#9467bd',
};
const SIZE_LABELS: Record<string, string> = { '4k': '4 KB', '512k': '512 KB', '7m': '7 MB' };

export const sizeLabel = (size: string): string => SIZE_LABELS[size] ?? size;

const n = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
/** Enough significant digits for a rate or a cost of any size. */
export const sig = (value: number): string =>
  !Number.isFinite(value)
    ? '—'
    : n(value, Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3);

/** inboxd's standing against one server: its rate as a share of the other's, and CPU per message as a multiple. */
export function standing(
  inboxd: ServerSummary,
  other: ServerSummary,
): { rateRatio: number; cpuRatio: number; above: boolean } {
  const rateRatio = inboxd.rate / other.rate;
  return { rateRatio, cpuRatio: inboxd.cpuMsPerMessage / other.cpuMsPerMessage, above: rateRatio > 1 };
}

/**
 * One table per size: server | msg/s | CPU per message | peak RSS | inboxd against it. `said`: a reason
 * for leaving the peers out that the report gives once already (not repeated under every table).
 */
export function peerTables(ingest: readonly IngestResult[], said?: string): string[] {
  const out: string[] = [];
  for (const c of ingest) {
    const servers = SERVER_ORDER.filter((s) => c.servers?.[s] !== undefined);
    if (servers.length === 0) continue;
    const rounds = Math.max(...servers.map((s) => c.servers[s]!.rounds));
    out.push(
      '',
      `**Ingest against the peers, ${sizeLabel(c.size)}** (${n(c.messages)} messages, ${c.sessions} sessions, ${rounds > 1 ? `median of ${rounds} turns in the order ${c.order.join(', ')}` : `one turn each: ${c.order.join(', ')}`}; CPU and RSS of each server's process tree)`,
      '',
    );
    out.push('| server | msg/s | CPU per message | peak RSS | inboxd against it |', '|---|---:|---:|---:|---|');
    const inboxd = c.servers.inboxd;
    const bare = c.servers['bare smtp-server'];
    for (const s of servers) {
      const summary = c.servers[s]!;
      let against = '';
      if (s === SHARED) {
        // The shared setup is inboxd itself, on other storage: set against the ceiling, not against inboxd.
        if (bare !== undefined) {
          const st = standing(summary, bare);
          against = `itself: ${n(st.rateRatio * 100)}% of the bare smtp-server's rate, ${n(st.cpuRatio, 2)}× its CPU per message`;
        }
      } else if (inboxd !== undefined && s !== 'inboxd') {
        const st = standing(inboxd, summary);
        const verdict =
          s === 'bare smtp-server'
            ? `${n(st.rateRatio * 100)}% of its rate`
            : `${st.above ? '**above**' : 'below'}: ${n(st.rateRatio, 2)}× its rate`;
        against = `${verdict}, ${n(st.cpuRatio, 2)}× its CPU per message`;
      }
      const rss = s === SHARED ? `${n(summary.peakRssMb)} MB a node` : `${n(summary.peakRssMb)} MB`;
      out.push(`| ${s} | ${sig(summary.rate)} | ${sig(summary.cpuMsPerMessage)} ms | ${rss} | ${against} |`);
    }
    if (c.shared !== undefined && c.servers[SHARED] !== undefined)
      out.push(
        '',
        `${SHARED}: each node on its own SMTP port with half the sessions and half the messages; CPU per message is both nodes' together, peak RSS the larger node's (${c.shared.rounds.map((r) => r.nodePeakRssMb.map((m) => `${n(m)}`).join(' + ')).join(', ')} MB). ` +
          `Beside them, per message: ${sig(c.shared.engineCpuMsPerMessage)} ms CPU of the PostgreSQL backends and the Redis server, ${n(c.shared.walBytesPerMessage / 1024, 1)} KiB of WAL, ${n(c.shared.diskBytesPerMessage / 1024, 1)} KiB on disk in PostgreSQL (tables, TOAST, indexes), ${n(c.shared.redisBytesPerMessage)} B in Redis (${n(c.shared.redisKeys)} keys after the case).`,
      );
    const skipped = Object.entries(c.skipped ?? {}).filter(([, why]) => why !== said);
    if (skipped.length > 0) out.push('', ...skipped.map(([peer, why]) => `${peer} not measured: ${why}.`));
  }
  return out;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Decades (1, 10, 100, …) spanning `values`, for a log axis. */
export function logRange(values: readonly number[]): { low: number; high: number } {
  const positive = values.filter((v) => Number.isFinite(v) && v > 0);
  if (positive.length === 0) return { low: 1, high: 10 };
  const low = 10 ** Math.floor(Math.log10(Math.min(...positive)));
  let high = 10 ** Math.ceil(Math.log10(Math.max(...positive)));
  if (high <= low) high = low * 10;
  return { low, high };
}

interface Panel {
  title: string;
  unit: string;
  value: (s: ServerSummary) => number;
}

/** An SVG of msg/s and CPU per message by size for every server (grouped bars on log scales). */
export function ingestSvg(ingest: readonly IngestResult[], caption: string): string {
  const cases = ingest.filter((c) => c.servers !== undefined && Object.keys(c.servers).length > 0);
  const servers = SERVER_ORDER.filter((s) => cases.some((c) => c.servers[s] !== undefined));
  const panels: Panel[] = [
    { title: 'messages per second (higher is better)', unit: 'msg/s', value: (s) => s.rate },
    { title: 'CPU per message, ms (lower is better)', unit: 'ms', value: (s) => s.cpuMsPerMessage },
  ];
  const width = 1040;
  const panelWidth = 440;
  const height = 460;
  const top = 96;
  const bottom = 390;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="15" font-weight="bold">SMTP ingest: inboxd and its peers (smtp-source, one connection per message)</text>`,
  );
  parts.push(`<text x="${width / 2}" y="38" text-anchor="middle" fill="#555">${esc(caption)}</text>`);
  servers.forEach((s, i) => {
    const x = 60 + i * 180;
    parts.push(
      `<rect x="${x}" y="50" width="12" height="12" fill="${COLOURS[s]}"/><text x="${x + 18}" y="60">${esc(s)}</text>`,
    );
  });
  panels.forEach((panel, p) => {
    const left = 60 + p * (panelWidth + 60);
    const values = cases.flatMap((c) =>
      servers.map((s) => (c.servers[s] === undefined ? Number.NaN : panel.value(c.servers[s]!))),
    );
    const { low, high } = logRange(values);
    const y = (v: number) =>
      bottom - ((Math.log10(v) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * (bottom - top - 20);
    parts.push(
      `<text x="${left + panelWidth / 2}" y="${top - 8}" text-anchor="middle" font-weight="bold">${esc(panel.title)}</text>`,
    );
    for (let d = low; d <= high * 1.0001; d *= 10) {
      parts.push(
        `<line x1="${left}" x2="${left + panelWidth}" y1="${y(d).toFixed(1)}" y2="${y(d).toFixed(1)}" stroke="#ddd"/>`,
      );
      parts.push(
        `<text x="${left - 6}" y="${(y(d) + 4).toFixed(1)}" text-anchor="end" fill="#555">${esc(d >= 1 ? n(d) : String(Number(d.toPrecision(1))))}</text>`,
      );
    }
    parts.push(
      `<line x1="${left}" x2="${left}" y1="${top + 10}" y2="${bottom}" stroke="#333"/><line x1="${left}" x2="${left + panelWidth}" y1="${bottom}" y2="${bottom}" stroke="#333"/>`,
    );
    const groupWidth = panelWidth / Math.max(1, cases.length);
    const barWidth = Math.min(40, (groupWidth - 20) / Math.max(1, servers.length));
    cases.forEach((c, g) => {
      const groupLeft = left + g * groupWidth + (groupWidth - barWidth * servers.length) / 2;
      parts.push(
        `<text x="${(left + g * groupWidth + groupWidth / 2).toFixed(1)}" y="${bottom + 18}" text-anchor="middle">${esc(sizeLabel(c.size))}</text>`,
      );
      servers.forEach((s, i) => {
        const summary = c.servers[s];
        const x = groupLeft + i * barWidth;
        if (summary === undefined || !(panel.value(summary) > 0)) {
          parts.push(
            `<text x="${(x + barWidth / 2).toFixed(1)}" y="${bottom - 4}" text-anchor="middle" fill="#999">–</text>`,
          );
          return;
        }
        const v = panel.value(summary);
        const yTop = y(v);
        parts.push(
          `<rect x="${(x + 1).toFixed(1)}" y="${yTop.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(bottom - yTop).toFixed(1)}" fill="${COLOURS[s]}"><title>${esc(`${s}, ${sizeLabel(c.size)}: ${sig(v)} ${panel.unit}`)}</title></rect>`,
        );
        parts.push(
          `<text x="${(x + barWidth / 2).toFixed(1)}" y="${(yTop - 4).toFixed(1)}" text-anchor="middle" font-size="10">${esc(sig(v))}</text>`,
        );
      });
    });
  });
  parts.push(
    `<text x="${width / 2}" y="${height - 12}" text-anchor="middle" fill="#555" font-size="11">log scales; CPU is user + system time of each server's process tree over its turn, divided by the messages</text>`,
  );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
