// The load tools the benchmark drives: Postfix's smtp-source and smtp-sink, and wrk, from Debian. As
// root they are installed when missing; otherwise the benchmark says what to install.
import { spawnSync } from 'node:child_process';

const PACKAGES: Record<string, string> = { 'smtp-source': 'postfix', 'smtp-sink': 'postfix', wrk: 'wrk' };

function present(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function ensureTools(commands: string[]): void {
  const missing = commands.filter((c) => !present(c));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((c) => PACKAGES[c] ?? c))];
  if (process.getuid?.() !== 0)
    throw new Error(`missing ${missing.join(', ')}: install the Debian packages ${packages.join(' ')}`);
  console.error(`installing ${packages.join(' ')} from Debian for ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  if (installed.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
  // Postfix starts its own daemon on port 25 when installed; the benchmark does not need it.
  if (packages.includes('postfix')) spawnSync('postfix', ['stop'], { stdio: 'ignore' });
}
