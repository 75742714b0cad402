// A fresh random local part: 12 base32 characters (60 bits) from the browser's crypto generator, the same
// form the create_inbox tool gives (D24), so a random address is not guessed by someone else in practice.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RANDOM_LENGTH = 12;

/** The local part spelled by `bytes` (one character per byte, its low 5 bits). */
export function localPartFrom(bytes: Uint8Array): string {
  if (bytes.length < RANDOM_LENGTH) throw new Error(`need ${RANDOM_LENGTH} random bytes`);
  let out = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) out += ALPHABET[(bytes[i] as number) & 31];
  return out;
}

export function randomAddress(domain: string, random: (bytes: Uint8Array) => Uint8Array): string {
  return `${localPartFrom(random(new Uint8Array(RANDOM_LENGTH)))}@${domain}`;
}
