// The message being read: opened from the list, closed (Esc, Back), deleted, its attachments downloaded.
// Every fetch goes with the signal of the mailbox it belongs to (mailbox.ts): an answer that comes after
// another mailbox was opened is dropped.
import { ApiError, type ApiClient } from './api-client.js';
import type { Attachment } from './api-types.js';
import { byId, h } from './dom.js';
import type { Mailbox } from './mailbox.js';
import { messageView } from './message-view.js';
import type { PageElements } from './page-elements.js';
import { explain, type StatusLine } from './status-line.js';

type Elements = Pick<PageElements, 'main' | 'listPane' | 'messages' | 'messagePane'>;

export type Reader = ReturnType<typeof createReader>;

export function createReader(ui: Elements, api: ApiClient, status: StatusLine, mailbox: Mailbox) {
  async function open(id: string): Promise<void> {
    const opened = mailbox.opened();
    if (opened === null) return;
    const { address, signal } = opened;
    try {
      // The codes are a read of their own: a failure there (a limit, say) leaves the box out, not the message.
      const [message, codes] = await Promise.all([
        api.read(address, id, signal),
        api.codes(address, id, signal).catch(() => null),
      ]);
      if (signal.aborted) return;
      mailbox.select(id);
      ui.messagePane.replaceChildren(
        ...messageView(message, codes, Date.now(), {
          back: () => close(true),
          remove: () => void remove(id),
          download: (attachment) => void download(attachment),
        }),
      );
      ui.messagePane.hidden = false;
      ui.main.classList.add('reading');
      byId('message-subject').focus();
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status === 404) {
        mailbox.forget(id);
        mailbox.render();
      }
      status.show(explain(error), 'error');
    }
  }

  function close(returnFocus: boolean): void {
    ui.messagePane.hidden = true;
    ui.messagePane.replaceChildren();
    ui.main.classList.remove('reading');
    const selected = mailbox.deselect();
    if (selected !== null) mailbox.render();
    if (returnFocus && selected !== null)
      (mailbox.item(selected) ?? ui.messages.querySelector<HTMLElement>('.item'))?.focus();
  }

  async function remove(id: string): Promise<void> {
    const opened = mailbox.opened();
    if (opened === null) return;
    const index = mailbox.messages.findIndex((m) => m.id === id);
    try {
      await api.remove(opened.address, id, opened.signal);
      if (opened.signal.aborted) return;
      mailbox.forget(id);
      close(false);
      mailbox.render();
      const messages = mailbox.messages;
      const next = messages[Math.min(Math.max(index, 0), messages.length - 1)];
      (next === undefined ? ui.listPane : mailbox.item(next.id))?.focus();
      status.show('Message deleted.');
    } catch (error) {
      if (!opened.signal.aborted) status.show(explain(error), 'error');
    }
  }

  async function download(attachment: Attachment): Promise<void> {
    const opened = mailbox.opened();
    if (opened === null) return;
    try {
      const blob = await api.attachment(opened.address, attachment.id, opened.signal);
      if (opened.signal.aborted) return;
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
      const link = h('a', { href: url, download: attachment.filename || 'attachment' });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      if (!opened.signal.aborted) status.show(explain(error), 'error');
    }
  }

  return {
    open,
    close,
    remove,
    /** A message is open on the page. */
    reading: () => !ui.messagePane.hidden,
  };
}
