// Finds a Chrome or Chromium binary for tests and benchmarks; installs Debian's chromium when allowed.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Flags that keep headless Chromium off a closed network and quiet. */
export const CHROME_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-gpu',
];

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function isDebianLike() {
  return existsSync('/etc/debian_version');
}

/** Returns the browser path, installing Debian's chromium when running as root on Debian/Ubuntu. */
export function findChrome({ install = true } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (install && isRoot() && isDebianLike()) {
    console.log(
      'No Chrome or Chromium found: installing Debian chromium (apt-get install -y chromium)…',
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env,
      });
    } catch {
      execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env,
      });
    }
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chrome or Chromium found: install Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH to your Chrome binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findChrome());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
