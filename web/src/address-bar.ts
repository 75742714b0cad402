// The address bar's helpers: the domains this service hosts (listed on the start page), a random address on
// a public one, and copying the open address.
import type { ApiClient } from './api-client.js';
import type { DomainEntry } from './api-types.js';
import { h } from './dom.js';
import type { Mailbox } from './mailbox.js';
import type { PageElements } from './page-elements.js';
import { randomAddress } from './random-address.js';
import { explain, type StatusLine } from './status-line.js';

export function createAddressBar(
  ui: Pick<PageElements, 'address' | 'domainList'>,
  api: ApiClient,
  status: StatusLine,
  mailbox: Mailbox,
) {
  /** Asked once per key: which domains a caller may read depends on it. */
  let known: DomainEntry[] | null = null;
  async function domains(): Promise<DomainEntry[]> {
    known ??= (await api.domains()).domains;
    return known;
  }

  async function showDomains(): Promise<void> {
    try {
      const list = await domains();
      ui.domainList.replaceChildren('Domains: ', ...list.map((d) => h('code', { title: d.kind }, d.domain)));
    } catch (error) {
      status.show(explain(error), 'error');
    }
  }

  async function openRandom(): Promise<void> {
    try {
      const publicDomains = (await domains()).filter((d) => d.kind === 'public').map((d) => d.domain);
      const current = mailbox.address?.split('@')[1];
      const domain = current !== undefined && publicDomains.includes(current) ? current : publicDomains[0];
      if (domain === undefined) {
        status.show('This service has no public domain to make a random address on.', 'error');
        return;
      }
      mailbox.open(randomAddress(domain, (bytes) => crypto.getRandomValues(bytes)));
      status.show(`New address ${mailbox.address ?? ''}: send mail to it, it appears here.`);
    } catch (error) {
      status.show(explain(error), 'error');
    }
  }

  async function copyAddress(): Promise<void> {
    const address = mailbox.address;
    if (address === null) return;
    try {
      await navigator.clipboard.writeText(address);
    } catch {
      // Clipboard refused (no permission): select the text so the reader can copy it.
      ui.address.select();
      status.show('Selected: press Ctrl+C (⌘C) to copy.');
      return;
    }
    status.show(`Copied ${address}`);
  }

  return {
    showDomains,
    openRandom,
    copyAddress,
    /** The key changed: the domains are asked again. */
    forgetDomains: () => {
      known = null;
    },
  };
}
