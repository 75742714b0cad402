// Which Node.js lines inboxd runs on: the maintained ones, 22 (from 22.16, the first with every part of
// node:sqlite the store uses), 24 and 26 (P36). Checked before anything else loads, so an older Node is
// refused with one line instead of failing on a missing built-in module.
export const MINIMUM_NODE = { major: 22, minor: 16 } as const;

/** The line to print when `version` (as `process.versions.node` gives it) cannot run inboxd, else null. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const supported = major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor);
  if (supported) return null;
  return `inboxd needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer (22, 24 or 26); this is Node.js ${version}.`;
}
