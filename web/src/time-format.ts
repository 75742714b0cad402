// How times read on the page: "3 min ago" for arrival, "expires in 4 d 23 h" for retention (D4).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left until `expiresAt`, in the two largest units; "expired" once it has passed. */
export function expiresIn(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return 'expired';
  if (left < MINUTE) return 'expires in under a minute';
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `expires in ${days} d${hours > 0 ? ` ${hours} h` : ''}`;
  if (hours > 0) return `expires in ${hours} h${minutes > 0 ? ` ${minutes} min` : ''}`;
  return `expires in ${minutes} min`;
}

/** How long ago `date` was, coarsely; a date in the future (a skewed clock) reads "just now". */
export function receivedAgo(date: string, now: number): string {
  const ago = now - Date.parse(date);
  if (Number.isNaN(ago)) return '';
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  return `${Math.floor(ago / DAY)} d ago`;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(size < 10 * 1024 ? 1 : 0)} KiB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MiB`;
}
