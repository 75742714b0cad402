// Turns a message's HTML into the srcdoc of its frame (D26). The frame itself is the wall: an empty
// `sandbox` (no scripts, no same-origin, no forms, no popups, no navigation of the page) and, first in its
// head, a CSP that forbids scripts and every load except inline styles and data: images, until the reader
// asks for remote images. The rewriting here is a second layer and makes the frame usable: elements that
// could only load or navigate are dropped, event handlers and script URLs removed, remote image sources
// parked in data- attributes (so they can be counted and not even requested), and links given
// target=_blank and rel=noopener noreferrer. DOMParser documents are inert: parsing runs and loads nothing.
import { isWebLink } from './linkify.js';

export interface PreparedMail {
  srcdoc: string;
  /** Remote images and CSS backgrounds the mail wants; loaded only when allowed. */
  remoteImages: number;
  /** The mail's http(s) links, in order, without repeats. */
  links: string[];
}

const DROPPED =
  'script, noscript, base, link, meta, iframe, frame, frameset, object, embed, applet, portal, audio, video, source, track';
const IMAGE_ATTRIBUTES = ['src', 'srcset', 'background', 'poster', 'lowsrc', 'dynsrc'];
const SVG_IMAGES = ['image', 'feimage', 'use'];
const URL_ATTRIBUTES = ['href', 'action', 'formaction', 'xlink:href', 'data', 'cite', 'longdesc', 'ping'];
const REMOTE = /^\s*(https?:)?\/\//i;
const CSS_REMOTE_URL = /url\(\s*['"]?\s*(https?:)?\/\//gi;

export function frameCsp(allowRemoteImages: boolean): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:${allowRemoteImages ? ' https: http:' : ''}; font-src data:; form-action 'none'; base-uri 'none'`;
}

export function prepareMail(html: string, allowRemoteImages: boolean): PreparedMail {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROPPED).forEach((element) => element.remove());
  let remoteImages = 0;
  const links: string[] = [];

  for (const element of Array.from(doc.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // SVG draws images from href: those are image sources, not links.
      const image =
        IMAGE_ATTRIBUTES.includes(name) || (SVG_IMAGES.includes(tag) && (name === 'href' || name === 'xlink:href'));
      if (name.startsWith('on')) element.removeAttribute(attribute.name);
      else if (!image && URL_ATTRIBUTES.includes(name) && !isSafeTarget(attribute.value))
        element.removeAttribute(attribute.name);
      else if (image && REMOTE.test(attribute.value)) {
        remoteImages += 1;
        if (!allowRemoteImages) {
          element.setAttribute(`data-inboxd-blocked-${name}`, attribute.value);
          element.removeAttribute(attribute.name);
        }
      } else if (image && !/^\s*(data:image\/|cid:|#)/i.test(attribute.value)) {
        element.removeAttribute(attribute.name);
      }
    }
    const style = element.getAttribute('style');
    if (style !== null) remoteImages += countRemoteUrls(style);
    if (tag === 'style') remoteImages += countRemoteUrls(element.textContent ?? '');
    if (tag === 'a' || tag === 'area') {
      const href = element.getAttribute('href');
      if (href !== null && isWebLink(href) && !links.includes(href)) links.push(href);
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
      if (href !== null)
        element.setAttribute('title', `${href}\n(opens from the link list below, or with Ctrl/⌘-click)`);
    }
  }

  const head = doc.head;
  const csp = doc.createElement('meta');
  csp.setAttribute('http-equiv', 'Content-Security-Policy');
  csp.setAttribute('content', frameCsp(allowRemoteImages));
  const referrer = doc.createElement('meta');
  referrer.setAttribute('name', 'referrer');
  referrer.setAttribute('content', 'no-referrer');
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  const base = doc.createElement('style');
  base.textContent =
    'html{background:#fff;color:#111;color-scheme:light}body{margin:12px;font:15px/1.45 system-ui,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}';
  head.prepend(charset, csp, referrer, base);
  return { srcdoc: `<!doctype html>${doc.documentElement.outerHTML}`, remoteImages, links };
}

/** Where a link or form may point inside the frame: the web, mail, or a place in the same message. */
function isSafeTarget(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('#') || isWebLink(trimmed) || /^mailto:/i.test(trimmed);
}

function countRemoteUrls(css: string): number {
  return css.match(CSS_REMOTE_URL)?.length ?? 0;
}
