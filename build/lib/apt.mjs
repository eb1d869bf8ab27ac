// Tiny helper to make sure Debian packages are installed.
//
// Dependency-free (node: built-ins only) so build scripts can use it before
// `npm install` has ever run. Used by build/mediasoup-worker.mjs (compilers,
// meson, -dev libraries) and by other setup scripts (e.g. chromium).
//
// API:
//   isDebianPackageInstalled(name)          -> boolean
//   missingDebianPackages(names)            -> string[] (the ones not installed)
//   ensureDebianPackages(names, { log })    -> string[] (the ones we installed)
//
// ensureDebianPackages() installs missing packages with apt-get when running
// as root on a system that has apt-get; otherwise it throws an Error whose
// message lists the missing packages and the command to install them.

import { spawnSync } from 'node:child_process';

const defaultLog = (msg) => process.stderr.write(`${msg}\n`);

let aptUpdated = false; // `apt-get update` at most once per process.

/**
 * True if dpkg reports the package as installed (status "... ok installed").
 * Accepts arch-qualified names ("libfoo:amd64") like dpkg-query does.
 */
export function isDebianPackageInstalled(name) {
  const res = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (res.error) {
    if (res.error.code === 'ENOENT') return false; // not a dpkg system at all
    throw res.error;
  }
  // e.g. "install ok installed", "hold ok installed",
  // but NOT "deinstall ok config-files" or "unknown ok not-installed".
  return res.status === 0 && / ok installed$/.test(res.stdout.trim());
}

/** The subset of `names` that is not installed (order preserved). */
export function missingDebianPackages(names) {
  return [...new Set(names)].filter((n) => !isDebianPackageInstalled(n));
}

function hasCommand(cmd) {
  const res = spawnSync(cmd, ['--version'], { stdio: 'ignore' });
  return !res.error;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function run(cmd, args, log) {
  log(`$ ${cmd} ${args.join(' ')}`);
  // Child output goes to stderr so our stdout stays machine-readable.
  const res = spawnSync(cmd, args, {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
  }
}

/**
 * Make sure all `names` are installed. Installs the missing ones with apt-get
 * (root only), otherwise throws with a clear message.
 *
 * @param {string[]} names Debian package names.
 * @param {{ log?: (msg: string) => void }} [opts]
 * @returns {string[]} the packages that were installed by this call.
 */
export function ensureDebianPackages(names, { log = defaultLog } = {}) {
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return [];

  const hint = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot() || !hasCommand('apt-get')) {
    throw new Error(
      `Missing Debian packages: ${missing.join(', ')}.\n` +
        `Install them as root (not running as root, or apt-get is unavailable):\n` +
        `  sudo ${hint}`,
    );
  }

  log(`Installing missing Debian packages: ${missing.join(' ')}`);
  if (!aptUpdated) {
    run('apt-get', ['update'], log);
    aptUpdated = true;
  }
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], log);

  const stillMissing = missingDebianPackages(missing);
  if (stillMissing.length > 0) {
    throw new Error(
      `apt-get finished but these Debian packages are still not installed: ` + `${stillMissing.join(', ')}`,
    );
  }
  return missing;
}
