// Bounds the memory that large messages take while they are read, scanned and stored, and shares it fairly.
// Every message is read freely up to a threshold; past it, the session must hold one of a few slots to go
// on, and waits for one with its socket paused: TCP backpressure on the sender. A slot is freed when its
// delivery ends. Sessions waiting hold at most the threshold each, so 50 senders of 7 MB mail cost about
// 50 × threshold plus slots × one message's working set. Small mail never waits. No deadlock: a slot
// holder needs nothing more from the gate to finish.
//
// Fair (issue 20): slots go to the waiting client that holds the fewest, and among those to the one served
// longest ago (round robin over clients, however many sessions each queued; its oldest session), and
// no client keeps more than its share (slots ÷ clients wanting one, at least one) while another waits: the
// slot it took last is taken back. A holder that has sent nothing for `stallMs` while anyone waits loses
// its slot too. A session that loses its slot is paused and queued again, so a sender that stalls or
// trickles while holding a slot cannot keep honest mail waiting behind it.
import type { Clock } from '../clock.js';

export interface IntakeGateOptions {
  /** Messages past the threshold that may be in flight at once. */
  slots: number;
  clock: Clock;
  /** A holder with no bytes for this long loses its slot when someone waits (default 1 s). */
  stallMs?: number;
}

export interface SlotCallbacks {
  /** The slot is this session's: go on reading. */
  grant(): void;
  /** The slot was taken back: stop reading until granted again. `stalled`: the session had sent nothing
   * for `stallMs` (its own doing); `share`: its client held more than its share while another waited. */
  revoke(reason: 'stalled' | 'share'): void;
}

export interface IntakeTicket {
  /** Bytes arrived: the holder is not stalled. */
  touch(): void;
  /** The whole message has been read: once holding, its slot is kept until `leave` (its bytes stay in
   * memory until the delivery ends, so taking the slot back would free nothing and resume nothing). */
  read(): void;
  /** The delivery ended (or failed): frees its slot or its place in the queue; idempotent. */
  leave(): void;
}

export interface IntakeGate {
  /** Queues a session of `client` (its address) for a slot; `grant` is called when it has one (maybe at
   * once), `revoke` if it is taken back. */
  enter(client: string, callbacks: SlotCallbacks): IntakeTicket;
  /** Slots taken now and sessions waiting for one (for tests and metrics). */
  state(): { taken: number; waiting: number };
}

interface Entry {
  client: string;
  callbacks: SlotCallbacks;
  /** When it last received bytes, or was granted. */
  active: number;
  /** Order of its grant, to take back the newest first. */
  grantedAt: number;
  holding: boolean;
  gone: boolean;
  /** Still reading its message: a holder may be taken back only then. */
  reading: boolean;
}

export function createIntakeGate(options: IntakeGateOptions): IntakeGate {
  const { clock, slots } = options;
  const stallMs = options.stallMs ?? 1_000;
  const holders = new Set<Entry>();
  const waiting: Entry[] = [];
  let grants = 0;
  /** The grant number of each client's last grant: round robin among clients. */
  const lastServed = new Map<string, number>();
  let cancelTick: (() => void) | null = null;

  const heldBy = (client: string): number => {
    let n = 0;
    for (const h of holders) if (h.client === client) n += 1;
    return n;
  };
  const share = (): number => {
    const clients = new Set<string>([...holders].map((h) => h.client));
    for (const w of waiting) clients.add(w.client);
    return Math.max(1, Math.floor(slots / Math.max(1, clients.size)));
  };

  function take(entry: Entry, requeue: 'stalled' | 'share' | null): void {
    holders.delete(entry);
    entry.holding = false;
    if (requeue !== null) {
      waiting.push(entry);
      entry.callbacks.revoke(requeue);
    }
  }

  function grantFree(): void {
    while (holders.size < slots && waiting.length > 0) {
      // The waiter whose client holds fewest, then was served longest ago; its oldest session (the queue
      // is in arrival order).
      let best = 0;
      let bestKey: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
      waiting.forEach((w, i) => {
        const key: [number, number] = [heldBy(w.client), lastServed.get(w.client) ?? 0];
        if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
          best = i;
          bestKey = key;
        }
      });
      const [entry] = waiting.splice(best, 1) as [Entry];
      entry.holding = true;
      entry.active = clock.now();
      entry.grantedAt = grants += 1;
      lastServed.set(entry.client, grants);
      if (lastServed.size > 10_000)
        for (const client of lastServed.keys())
          if (!waiting.some((w) => w.client === client)) lastServed.delete(client);
      holders.add(entry);
      entry.callbacks.grant();
    }
  }

  /** Takes slots back from stalled holders and from clients over their share while others wait. */
  function rebalance(): void {
    if (waiting.length === 0) return;
    const now = clock.now();
    for (const h of [...holders]) if (h.reading && now - h.active >= stallMs) take(h, 'stalled');
    const fair = share();
    const waitingClients = new Set(waiting.map((w) => w.client));
    for (;;) {
      const over = [...holders].filter(
        (h) =>
          h.reading && heldBy(h.client) > fair && [...waitingClients].some((c) => c !== h.client && heldBy(c) < fair),
      );
      if (over.length === 0) break;
      take(
        over.reduce((a, b) => (b.grantedAt > a.grantedAt ? b : a)),
        'share',
      );
    }
    grantFree();
  }

  function tick(): void {
    cancelTick = null;
    rebalance();
    schedule();
  }

  function schedule(): void {
    if (cancelTick !== null || waiting.length === 0) return;
    cancelTick = clock.schedule(Math.max(1, Math.floor(stallMs / 4)), tick);
  }

  return {
    enter(client, callbacks) {
      const entry: Entry = {
        client,
        callbacks,
        active: clock.now(),
        grantedAt: 0,
        holding: false,
        gone: false,
        reading: true,
      };
      waiting.push(entry);
      grantFree();
      rebalance();
      schedule();
      return {
        touch() {
          entry.active = clock.now();
        },
        read() {
          entry.reading = false;
        },
        leave() {
          if (entry.gone) return;
          entry.gone = true;
          if (entry.holding) take(entry, null);
          else {
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
          }
          grantFree();
          if (waiting.length === 0 && cancelTick !== null) {
            cancelTick();
            cancelTick = null;
          }
        },
      };
    },
    state: () => ({ taken: holders.size, waiting: waiting.length }),
  };
}
