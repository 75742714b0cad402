// The inbox page (D26): open or generate an address, watch its mailbox live, read, download, delete.
// It speaks only the public API (api-client.ts) and its live stream (live-mailbox.ts); the bearer key, when
// one is set, lives in this tab's session storage and travels only in the Authorization header.
import { ApiError, createApiClient } from './api-client.js';
import type { Attachment, DomainEntry, MessageSummary } from './api-types.js';
import { byId, h } from './dom.js';
import { followMailbox, type LiveState } from './live-mailbox.js';
import { listItem, senderOf } from './message-list.js';
import { messageView } from './message-view.js';
import { randomAddress } from './random-address.js';
import { expiresIn, receivedAgo } from './time-format.js';

const KEY_STORAGE = 'inboxd.key';
const ADDRESS_FORM = /^[^\s@]+@[^\s@]+$/;

const ui = {
  form: byId<HTMLFormElement>('address-form'),
  address: byId<HTMLInputElement>('address'),
  random: byId<HTMLButtonElement>('random'),
  copy: byId<HTMLButtonElement>('copy'),
  key: byId<HTMLInputElement>('key'),
  forgetKey: byId<HTMLButtonElement>('forget-key'),
  status: byId('status'),
  main: byId('main'),
  intro: byId('intro'),
  domainList: byId('domain-list'),
  listPane: byId('list-pane'),
  listTitle: byId('list-title'),
  live: byId('live'),
  messages: byId<HTMLUListElement>('messages'),
  empty: byId('empty'),
  older: byId<HTMLButtonElement>('older'),
  messagePane: byId('message-pane'),
};

const state = {
  address: null as string | null,
  messages: [] as MessageSummary[],
  next: null as string | null,
  selected: null as string | null,
  fresh: new Set<string>(),
  listed: false,
  stopLive: null as (() => void) | null,
  /** Bumped whenever the open mailbox changes, so answers for the previous one are dropped. */
  generation: 0,
  domains: null as DomainEntry[] | null,
};

ui.key.value = sessionStorage.getItem(KEY_STORAGE) ?? '';
const api = createApiClient(() => ui.key.value.trim());

function setStatus(text: string, kind: 'info' | 'error' = 'info'): void {
  ui.status.textContent = text;
  ui.status.dataset.kind = kind;
}

function explain(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong in the page.';
  if (error.status === 429 || error.status === 503) return `${error.message}${error.retryAfterSeconds !== null ? ` (retry in ${error.retryAfterSeconds} s)` : ''}`;
  if (error.status === 401 || error.status === 402 || error.status === 403) return `${error.message} Set a key under “Key”.`;
  return error.message;
}

function updateTitle(): void {
  const unread = state.messages.filter((m) => !m.seen).length;
  document.title = state.address === null ? 'inboxd' : `${unread > 0 ? `(${unread}) ` : ''}${state.address} — inboxd`;
}

function renderList(): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.id;
  const now = Date.now();
  ui.messages.replaceChildren(...state.messages.map((m) => listItem(m, m.id === state.selected, state.fresh.has(m.id), now, { open: (id) => void openMessage(id) })));
  state.fresh.clear();
  ui.empty.hidden = !state.listed || state.messages.length > 0;
  ui.older.hidden = state.next === null;
  if (focused !== undefined) ui.messages.querySelector<HTMLElement>(`[data-id="${CSS.escape(focused)}"]`)?.focus();
  updateTitle();
}

/** Times on the page move on without re-rendering (which would take the keyboard focus away). */
function refreshTimes(): void {
  const now = Date.now();
  for (const message of state.messages) {
    const item = ui.messages.querySelector(`[data-id="${CSS.escape(message.id)}"]`);
    if (item === null) continue;
    const time = item.querySelector('.time');
    const expires = item.querySelector('.expires');
    if (time !== null) time.textContent = receivedAgo(message.date, now);
    if (expires !== null) expires.textContent = expiresIn(message.expires_at, now);
  }
}

function showLive(live: LiveState): void {
  ui.live.dataset.state = live.kind;
  ui.live.textContent = live.kind === 'live' ? 'live' : live.kind === 'connecting' ? 'connecting…' : `paused, retrying in ${live.retryInSeconds} s`;
  ui.live.title = live.kind === 'paused' ? live.reason : live.kind === 'live' ? 'New mail appears here as it arrives.' : '';
}

async function refreshList(): Promise<void> {
  const generation = state.generation;
  const address = state.address;
  if (address === null) return;
  try {
    const page = await api.list(address);
    if (generation !== state.generation) return;
    state.messages = page.messages;
    state.next = page.next;
    state.listed = true;
    renderList();
    if (ui.status.dataset.kind === 'error') setStatus('');
  } catch (error) {
    if (generation === state.generation) setStatus(explain(error), 'error');
  }
}

async function loadOlder(): Promise<void> {
  const generation = state.generation;
  if (state.address === null || state.next === null) return;
  try {
    const page = await api.list(state.address, state.next);
    if (generation !== state.generation) return;
    const known = new Set(state.messages.map((m) => m.id));
    state.messages.push(...page.messages.filter((m) => !known.has(m.id)));
    state.next = page.next;
    renderList();
    ui.messages.querySelector<HTMLElement>(`[data-id="${CSS.escape(page.messages[0]?.id ?? '')}"]`)?.focus();
  } catch (error) {
    setStatus(explain(error), 'error');
  }
}

function onNewMessage(message: MessageSummary): void {
  if (state.messages.some((m) => m.id === message.id)) return;
  state.messages.unshift(message);
  state.messages.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  state.fresh.add(message.id);
  state.listed = true;
  renderList();
  setStatus(`New message from ${senderOf(message)}: ${message.subject ?? '(no subject)'}`);
}

function openMailbox(raw: string): void {
  const address = raw.trim().toLowerCase();
  if (!ADDRESS_FORM.test(address)) {
    setStatus('That is not an e-mail address: type something like name@domain.', 'error');
    ui.address.focus();
    return;
  }
  state.stopLive?.();
  state.generation += 1;
  Object.assign(state, { address, messages: [], next: null, selected: null, listed: false });
  ui.address.value = address;
  ui.copy.disabled = false;
  if (location.hash !== `#/${address}`) history.replaceState(null, '', `#/${address}`);
  ui.intro.hidden = true;
  ui.listPane.hidden = false;
  ui.main.classList.add('has-mailbox');
  ui.listTitle.textContent = address;
  closeMessage(false);
  renderList();
  setStatus('');
  const generation = state.generation;
  state.stopLive = followMailbox(address, ui.key.value.trim(), {
    onState: (live) => {
      showLive(live);
      // Without a stream the page still shows the mailbox once; the stream lists it again when it is back.
      if (live.kind === 'paused' && !state.listed && generation === state.generation) void refreshList();
    },
    onReady: () => void refreshList(),
    onMessage: onNewMessage,
    onRefused: (error) => {
      showLive({ kind: 'paused', retryInSeconds: 0, reason: error.message });
      ui.live.textContent = 'not live';
      setStatus(explain(error), 'error');
    },
  });
}

async function openMessage(id: string): Promise<void> {
  const address = state.address;
  const generation = state.generation;
  if (address === null) return;
  try {
    // The codes are a read of their own: a failure there (a limit, say) leaves the box out, not the message.
    const [message, codes] = await Promise.all([api.read(address, id), api.codes(address, id).catch(() => null)]);
    if (generation !== state.generation) return;
    state.selected = id;
    const summary = state.messages.find((m) => m.id === id);
    if (summary !== undefined) summary.seen = true;
    renderList();
    ui.messagePane.replaceChildren(
      ...messageView(message, codes, Date.now(), {
        back: () => closeMessage(true),
        remove: () => void removeMessage(id),
        download: (attachment) => void download(attachment),
      }),
    );
    ui.messagePane.hidden = false;
    ui.main.classList.add('reading');
    byId('message-subject').focus();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      state.messages = state.messages.filter((m) => m.id !== id);
      renderList();
    }
    setStatus(explain(error), 'error');
  }
}

function closeMessage(returnFocus: boolean): void {
  const selected = state.selected;
  state.selected = null;
  ui.messagePane.hidden = true;
  ui.messagePane.replaceChildren();
  ui.main.classList.remove('reading');
  if (selected !== null) renderList();
  if (returnFocus && selected !== null) (ui.messages.querySelector<HTMLElement>(`[data-id="${CSS.escape(selected)}"]`) ?? ui.messages.querySelector<HTMLElement>('.item'))?.focus();
}

async function removeMessage(id: string): Promise<void> {
  if (state.address === null) return;
  const index = state.messages.findIndex((m) => m.id === id);
  try {
    await api.remove(state.address, id);
    state.messages = state.messages.filter((m) => m.id !== id);
    closeMessage(false);
    renderList();
    const next = state.messages[Math.min(Math.max(index, 0), state.messages.length - 1)];
    (next === undefined ? ui.listPane : ui.messages.querySelector<HTMLElement>(`[data-id="${CSS.escape(next.id)}"]`))?.focus();
    setStatus('Message deleted.');
  } catch (error) {
    setStatus(explain(error), 'error');
  }
}

async function download(attachment: Attachment): Promise<void> {
  if (state.address === null) return;
  try {
    const blob = await api.attachment(state.address, attachment.id);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
    const link = h('a', { href: url, download: attachment.filename || 'attachment' });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    setStatus(explain(error), 'error');
  }
}

async function domains(): Promise<DomainEntry[]> {
  state.domains ??= (await api.domains()).domains;
  return state.domains;
}

async function showDomains(): Promise<void> {
  try {
    const list = await domains();
    ui.domainList.replaceChildren('Domains: ', ...list.map((d) => h('code', { title: d.kind }, d.domain)));
  } catch (error) {
    setStatus(explain(error), 'error');
  }
}

async function openRandom(): Promise<void> {
  try {
    const publicDomains = (await domains()).filter((d) => d.kind === 'public').map((d) => d.domain);
    const current = state.address?.split('@')[1];
    const domain = current !== undefined && publicDomains.includes(current) ? current : publicDomains[0];
    if (domain === undefined) {
      setStatus('This service has no public domain to make a random address on.', 'error');
      return;
    }
    openMailbox(randomAddress(domain, (bytes) => crypto.getRandomValues(bytes)));
    setStatus(`New address ${state.address ?? ''}: send mail to it, it appears here.`);
  } catch (error) {
    setStatus(explain(error), 'error');
  }
}

async function copyAddress(): Promise<void> {
  if (state.address === null) return;
  try {
    await navigator.clipboard.writeText(state.address);
  } catch {
    // Clipboard refused (no permission): select the text so the reader can copy it.
    ui.address.select();
    setStatus('Selected: press Ctrl+C (⌘C) to copy.');
    return;
  }
  setStatus(`Copied ${state.address}`);
}

function moveInList(step: 1 | -1): void {
  const items = Array.from(ui.messages.querySelectorAll<HTMLElement>('.item'));
  if (items.length === 0) return;
  const current = items.findIndex((item) => item === document.activeElement || item.dataset.id === state.selected);
  const target = items[current === -1 ? 0 : Math.min(items.length - 1, Math.max(0, current + step))];
  target?.focus();
  target?.scrollIntoView({ block: 'nearest' });
}

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.isContentEditable);
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'Escape') {
    if (!ui.messagePane.hidden) {
      event.preventDefault();
      closeMessage(true);
    }
    return;
  }
  if (typing(event.target)) return;
  const keys: Record<string, () => void> = {
    '/': () => ui.address.focus(),
    r: () => void openRandom(),
    c: () => void copyAddress(),
    j: () => moveInList(1),
    ArrowDown: () => moveInList(1),
    k: () => moveInList(-1),
    ArrowUp: () => moveInList(-1),
    Delete: () => state.selected !== null && void removeMessage(state.selected),
  };
  const action = keys[event.key];
  if (action === undefined) return;
  if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !ui.messages.contains(document.activeElement)) return;
  event.preventDefault();
  action();
});

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  openMailbox(ui.address.value);
  // Done typing: the keys now move through the list (J/K), and / comes back here.
  if (state.address !== null) ui.listPane.focus();
});
ui.random.addEventListener('click', () => void openRandom());
ui.copy.addEventListener('click', () => void copyAddress());
ui.older.addEventListener('click', () => void loadOlder());
let appliedKey = ui.key.value.trim();
function applyKey(): void {
  const key = ui.key.value.trim();
  if (key === appliedKey) return;
  appliedKey = key;
  if (key === '') sessionStorage.removeItem(KEY_STORAGE);
  else sessionStorage.setItem(KEY_STORAGE, key);
  state.domains = null;
  setStatus(key === '' ? 'Key forgotten.' : 'Key set for this tab.');
  if (state.address !== null) openMailbox(state.address);
  void showDomains();
}
ui.key.addEventListener('change', applyKey);
byId<HTMLFormElement>('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  applyKey();
});
ui.forgetKey.addEventListener('click', () => {
  ui.key.value = '';
  applyKey();
});
/** The mailbox a link names after `#/`, or null when its escapes are malformed (`#/%E0%A4%A`): then the
 * page says so and stays usable, instead of throwing before it is ready. */
function addressInHash(): string | null {
  try {
    return decodeURIComponent(location.hash.replace(/^#\/?/, ''));
  } catch {
    setStatus('The address in this link cannot be read: type it in the box instead.', 'error');
    return null;
  }
}

window.addEventListener('hashchange', () => {
  const wanted = addressInHash();
  if (wanted !== null && wanted !== '' && wanted !== state.address) openMailbox(wanted);
});
setInterval(refreshTimes, 30_000);

const initial = addressInHash();
if (initial !== null && initial !== '') openMailbox(initial);
void showDomains();
document.documentElement.dataset.ready = 'true';
