// The elements of index.html the page's script works with, looked up once; a missing one fails at start.
import { byId } from './dom.js';

export function pageElements() {
  return {
    form: byId<HTMLFormElement>('address-form'),
    address: byId<HTMLInputElement>('address'),
    random: byId<HTMLButtonElement>('random'),
    copy: byId<HTMLButtonElement>('copy'),
    keyForm: byId<HTMLFormElement>('key-form'),
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
}

export type PageElements = ReturnType<typeof pageElements>;
