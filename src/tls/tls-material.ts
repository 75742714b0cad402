// The certificate of the HTTPS and STARTTLS listeners: the configured PEM files, or else a self-signed
// certificate for the hostname, made once and kept in the data directory (D18). The certificate library is
// loaded only to make one (about 4 MB of heap that a process which finds its certificate never holds,
// issue 15).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** Where a generated certificate was kept; undefined for configured files. */
  generatedAt: string | undefined;
}

export interface TlsSource {
  certFile: string | undefined;
  keyFile: string | undefined;
  dataDir: string;
  hostname: string;
}

/** Where the generated certificate for a hostname is kept (clients of this service may trust it). */
export function generatedCertificatePath(dataDir: string, hostname: string): string {
  return join(dataDir, 'tls', `${hostname}.crt`);
}

export async function loadTlsMaterial(source: TlsSource): Promise<TlsMaterial> {
  if (source.certFile !== undefined && source.keyFile !== undefined) {
    return {
      cert: readFileSync(source.certFile, 'utf8'),
      key: readFileSync(source.keyFile, 'utf8'),
      generatedAt: undefined,
    };
  }
  const dir = join(source.dataDir, 'tls');
  const certPath = generatedCertificatePath(source.dataDir, source.hostname);
  const keyPath = join(dir, `${source.hostname}.key`);
  if (existsSync(certPath) && existsSync(keyPath)) {
    return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8'), generatedAt: certPath };
  }
  const altNames: { type: 2 | 7; value?: string; ip?: string }[] = [{ type: 2, value: source.hostname }];
  if (source.hostname === 'localhost') altNames.push({ type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' });
  if (isIP(source.hostname) !== 0) altNames.push({ type: 7, ip: source.hostname });
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: source.hostname }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 825 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private, generatedAt: certPath };
}
