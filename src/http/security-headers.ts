// Headers every HTTPS response carries, including the streams that write their own head (the page's live
// mailbox): HSTS, no MIME sniffing, no referrer.

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
