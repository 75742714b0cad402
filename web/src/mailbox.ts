// The open mailbox (D26): its address, the messages listed so far, the one being read, and its live stream.
// One AbortController per opened mailbox: opening another aborts the previous one's fetches and stream, and
// an answer for it that still arrives is dropped (its signal is aborted), so it never shows in another mailbox.
import type { ApiClient } from './api-client.js';
import type { MessageSummary } from './api-types.js';
import { followMailbox, type LiveState } from './live-mailbox.js';
import { listItem, senderOf } from './message-list.js';
import type { PageElements } from './page-elements.js';
import { explain, type StatusLine } from './status-line.js';
import { expiresIn, receivedAgo } from './time-format.js';

const ADDRESS_FORM = /^[^\s@]+@[^\s@]+$/;

type Elements = Pick<
  PageElements,
  'address' | 'copy' | 'main' | 'intro' | 'listPane' | 'listTitle' | 'live' | 'messages' | 'empty' | 'older'
>;

export interface MailboxHooks {
  /** A message of the list was chosen. */
  open(id: string): void;
  /** Another mailbox is open now: whatever was being read belonged to the previous one. */
  switched(): void;
}

/** The mailbox open now, with the signal its fetches go with. */
export interface Opened {
  address: string;
  signal: AbortSignal;
}

export type Mailbox = ReturnType<typeof createMailbox>;

export function createMailbox(
  ui: Elements,
  api: ApiClient,
  key: () => string,
  status: StatusLine,
  hooks: MailboxHooks,
) {
  const state = {
    opened: null as { address: string; controller: AbortController } | null,
    messages: [] as MessageSummary[],
    next: null as string | null,
    selected: null as string | null,
    fresh: new Set<string>(),
    listed: false,
  };

  const current = (): Opened | null =>
    state.opened === null ? null : { address: state.opened.address, signal: state.opened.controller.signal };
  const item = (id: string) => ui.messages.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`);

  function updateTitle(): void {
    const unread = state.messages.filter((m) => !m.seen).length;
    document.title =
      state.opened === null ? 'inboxd' : `${unread > 0 ? `(${unread}) ` : ''}${state.opened.address} — inboxd`;
  }

  function render(): void {
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.id;
    const now = Date.now();
    ui.messages.replaceChildren(
      ...state.messages.map((m) =>
        listItem(m, m.id === state.selected, state.fresh.has(m.id), now, { open: (id) => hooks.open(id) }),
      ),
    );
    state.fresh.clear();
    ui.empty.hidden = !state.listed || state.messages.length > 0;
    ui.older.hidden = state.next === null;
    if (focused !== undefined) item(focused)?.focus();
    updateTitle();
  }

  /** Times on the page move on without re-rendering (which would take the keyboard focus away). */
  function refreshTimes(): void {
    const now = Date.now();
    for (const message of state.messages) {
      const element = item(message.id);
      if (element === null) continue;
      const time = element.querySelector('.time');
      const expires = element.querySelector('.expires');
      if (time !== null) time.textContent = receivedAgo(message.date, now);
      if (expires !== null) expires.textContent = expiresIn(message.expires_at, now);
    }
  }

  function showLive(live: LiveState): void {
    ui.live.dataset.state = live.kind;
    ui.live.textContent =
      live.kind === 'live'
        ? 'live'
        : live.kind === 'connecting'
          ? 'connecting…'
          : `paused, retrying in ${live.retryInSeconds} s`;
    ui.live.title =
      live.kind === 'paused' ? live.reason : live.kind === 'live' ? 'New mail appears here as it arrives.' : '';
  }

  async function refresh(): Promise<void> {
    const opened = current();
    if (opened === null) return;
    try {
      const page = await api.list(opened.address, undefined, opened.signal);
      if (opened.signal.aborted) return;
      state.messages = page.messages;
      state.next = page.next;
      state.listed = true;
      render();
      status.clearError();
    } catch (error) {
      if (!opened.signal.aborted) status.show(explain(error), 'error');
    }
  }

  async function loadOlder(): Promise<void> {
    const opened = current();
    if (opened === null || state.next === null) return;
    try {
      const page = await api.list(opened.address, state.next, opened.signal);
      if (opened.signal.aborted) return;
      const known = new Set(state.messages.map((m) => m.id));
      state.messages.push(...page.messages.filter((m) => !known.has(m.id)));
      state.next = page.next;
      render();
      item(page.messages[0]?.id ?? '')?.focus();
    } catch (error) {
      if (!opened.signal.aborted) status.show(explain(error), 'error');
    }
  }

  function arrived(message: MessageSummary): void {
    if (state.messages.some((m) => m.id === message.id)) return;
    state.messages.unshift(message);
    state.messages.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    state.fresh.add(message.id);
    state.listed = true;
    render();
    status.show(`New message from ${senderOf(message)}: ${message.subject ?? '(no subject)'}`);
  }

  function open(raw: string): void {
    const address = raw.trim().toLowerCase();
    if (!ADDRESS_FORM.test(address)) {
      status.show('That is not an e-mail address: type something like name@domain.', 'error');
      ui.address.focus();
      return;
    }
    state.opened?.controller.abort();
    const controller = new AbortController();
    state.opened = { address, controller };
    Object.assign(state, { messages: [], next: null, selected: null, listed: false });
    ui.address.value = address;
    ui.copy.disabled = false;
    if (location.hash !== `#/${address}`) history.replaceState(null, '', `#/${address}`);
    ui.intro.hidden = true;
    ui.listPane.hidden = false;
    ui.main.classList.add('has-mailbox');
    ui.listTitle.textContent = address;
    hooks.switched();
    render();
    status.show('');
    // The stream's handlers are not called once the signal is aborted (live-mailbox.ts).
    followMailbox(
      address,
      key(),
      {
        onState: (live) => {
          showLive(live);
          // Without a stream the page still shows the mailbox once; the stream lists it again when it is back.
          if (live.kind === 'paused' && !state.listed) void refresh();
        },
        onReady: () => void refresh(),
        onMessage: arrived,
        onRefused: (error) => {
          showLive({ kind: 'paused', retryInSeconds: 0, reason: error.message });
          ui.live.textContent = 'not live';
          status.show(explain(error), 'error');
        },
      },
      controller.signal,
    );
  }

  return {
    open,
    refresh,
    loadOlder,
    render,
    refreshTimes,
    /** The mailbox open now, or null before the first. */
    opened: current,
    get address(): string | null {
      return state.opened?.address ?? null;
    },
    get messages(): readonly MessageSummary[] {
      return state.messages;
    },
    /** The message being read, if any. */
    get selected(): string | null {
      return state.selected;
    },
    /** The list's button for a message, when it shows one. */
    item,
    /** A message is being read: it is marked in the list, and seen. */
    select(id: string): void {
      state.selected = id;
      const summary = state.messages.find((m) => m.id === id);
      if (summary !== undefined) summary.seen = true;
      render();
    },
    /** Nothing is being read any more; returns what was. */
    deselect(): string | null {
      const selected = state.selected;
      state.selected = null;
      return selected;
    },
    /** A message that is gone (deleted, or expired); the caller renders. */
    forget(id: string): void {
      state.messages = state.messages.filter((m) => m.id !== id);
    },
  };
}
