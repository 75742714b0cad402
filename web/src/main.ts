// The inbox page (D26): open or generate an address, watch its mailbox live, read, download, delete.
// It speaks only the public API (api-client.ts) and its live stream (live-mailbox.ts). This file wires the
// parts together: the open mailbox (mailbox.ts), the message being read (reader.ts), the address bar
// (address-bar.ts), the keyboard (keyboard.ts) and the bearer key kept in this tab (key-storage.ts).
import { createAddressBar } from './address-bar.js';
import { createApiClient } from './api-client.js';
import { keepKey } from './key-storage.js';
import { bindKeyboard } from './keyboard.js';
import { createMailbox } from './mailbox.js';
import { pageElements } from './page-elements.js';
import { createReader } from './reader.js';
import { statusLine } from './status-line.js';

const ui = pageElements();
const status = statusLine(ui.status);
const key = keepKey(ui, (changed) => {
  addressBar.forgetDomains();
  status.show(changed === '' ? 'Key forgotten.' : 'Key set for this tab.');
  // The open mailbox again, with the new key: its stream was admitted (or refused) with the old one.
  if (mailbox.address !== null) mailbox.open(mailbox.address);
  void addressBar.showDomains();
});
const api = createApiClient(key);
// The mailbox and the reader need each other; the mailbox calls these hooks only once the page runs, after
// the reader is made (and the key's callback above only when a key is set, later still).
const mailbox = createMailbox(ui, api, key, status, {
  open: (id) => void reader.open(id),
  switched: () => reader.close(false),
});
const reader = createReader(ui, api, status, mailbox);
const addressBar = createAddressBar(ui, api, status, mailbox);

bindKeyboard(ui, {
  reading: () => reader.reading(),
  closeMessage: () => reader.close(true),
  random: () => void addressBar.openRandom(),
  copy: () => void addressBar.copyAddress(),
  removeOpen: () => {
    if (mailbox.selected !== null) void reader.remove(mailbox.selected);
  },
  selected: () => mailbox.selected,
});
ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  mailbox.open(ui.address.value);
  // Done typing: the keys now move through the list (J/K), and / comes back here.
  if (mailbox.address !== null) ui.listPane.focus();
});
ui.random.addEventListener('click', () => void addressBar.openRandom());
ui.copy.addEventListener('click', () => void addressBar.copyAddress());
ui.older.addEventListener('click', () => void mailbox.loadOlder());

/** The mailbox a link names after `#/`, or null when its escapes are malformed (`#/%E0%A4%A`): then the
 * page says so and stays usable, instead of throwing before it is ready. */
function addressInHash(): string | null {
  try {
    return decodeURIComponent(location.hash.replace(/^#\/?/, ''));
  } catch {
    status.show('The address in this link cannot be read: type it in the box instead.', 'error');
    return null;
  }
}

window.addEventListener('hashchange', () => {
  const wanted = addressInHash();
  if (wanted !== null && wanted !== '' && wanted !== mailbox.address) mailbox.open(wanted);
});
setInterval(() => mailbox.refreshTimes(), 30_000);

const initial = addressInHash();
if (initial !== null && initial !== '') mailbox.open(initial);
void addressBar.showDomains();
document.documentElement.dataset.ready = 'true';
