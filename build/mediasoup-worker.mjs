#!/usr/bin/env node
// Build (once) and cache a `mediasoup-worker` binary for the mediasoup version
// Tsudoi uses.
//
// WHY THIS EXISTS
// ---------------
// mediasoup's npm postinstall either downloads a prebuilt worker from GitHub
// releases or compiles the worker with a pip-installed meson/ninja whose
// subprojects (openssl, libuv, abseil, libsrtp2, usrsctp, ...) are downloaded
// as meson wraps. Our environment has no internet except the npm registry and
// Debian's apt mirrors, so both paths fail.
//
// Instead we take the C++ `worker/` sources shipped inside the mediasoup npm
// tarball (`npm pack`), patch its meson files to use Debian bookworm's system
// libraries through pkg-config (dependency(...)) instead of forced
// subproject(...) builds, and compile just the `mediasoup-worker` target with
// Debian's meson + ninja. The result is cached per version under
//   ${TSUDOI_CACHE_DIR:-$HOME/.cache/tsudoi}/mediasoup-worker/<version>/mediasoup-worker
// and mediasoup is installed with MEDIASOUP_WORKER_BIN pointing at it, which
// makes its postinstall skip the download/build entirely.
//
// WHY 3.12.16
// -----------
// mediasoup 3.13+ needs flatbuffers >= 24 and a libsrtp3 fork, neither of
// which Debian bookworm ships. 3.12.16 is the last release whose worker builds
// against bookworm's libsrtp2 2.5, usrsctp 0.9.5, abseil 20220623, openssl 3,
// libuv 1.44 and nlohmann-json 3.11. Changing the version will most likely
// trip the (deliberately strict) meson patches below: each expected pattern
// throws if it is not found, so drift is loud rather than silent.
//
// NOTES FOR MAINTAINERS
// ---------------------
// - The binary links those Debian libraries dynamically (libuv1, libssl3,
//   libsrtp2-1, libusrsctp2, libabsl20220623; Debian's libsrtp2 uses NSS for
//   its crypto, so libnss3 comes along). The cache check actually starts the
//   binary, so a missing shared library makes it look "not cached" and
//   triggers a rebuild (which reinstalls the -dev packages) instead of a
//   confusing failure later in mediasoup.
// - The cache key is the version only; use --force after changing the patches.
// - A cold build is ~4-9 minutes on 2 cores (ninja output is streamed).
//   Two concurrent cold runs would both build; the atomic rename keeps the
//   cached file consistent either way.
//
// USAGE
// -----
//   node build/mediasoup-worker.mjs          ensure the binary, print its path (last stdout line)
//   node build/mediasoup-worker.mjs --path   print where the cached binary lives (no build)
//   node build/mediasoup-worker.mjs --force  rebuild even if a cached binary exists
//
//   import { ensureMediasoupWorker, workerCachePath, MEDIASOUP_VERSION } from './build/mediasoup-worker.mjs';
//
// All progress goes to stderr; stdout only carries the final path, so
// `WORKER=$(node build/mediasoup-worker.mjs)` works.
//
// Only node: built-ins are used (this runs before node_modules exists).
// Set TSUDOI_KEEP_BUILD_DIR=1 to keep the temporary build tree for debugging.

import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ensureDebianPackages } from './lib/apt.mjs';

export const MEDIASOUP_VERSION = '3.12.16';

/** Debian packages needed to compile the worker against system libraries. */
export const WORKER_BUILD_DEBIAN_PACKAGES = [
  'g++',
  'meson',
  'ninja-build',
  'pkg-config',
  'libuv1-dev',
  'libssl-dev',
  'libsrtp2-dev',
  'libusrsctp-dev',
  'libabsl-dev',
  'nlohmann-json3-dev',
];

const MIN_BINARY_SIZE = 1024 * 1024; // a real worker is several MB
const defaultLog = (msg) => process.stderr.write(`${msg}\n`);

/** Root of Tsudoi's build cache. */
export function cacheRoot() {
  return process.env.TSUDOI_CACHE_DIR || join(homedir(), '.cache', 'tsudoi');
}

/** Where the cached worker binary for `version` lives (whether or not it exists). */
export function workerCachePath(version = MEDIASOUP_VERSION) {
  return join(cacheRoot(), 'mediasoup-worker', version, 'mediasoup-worker');
}

/**
 * Quick sanity check that `file` is a usable worker: a regular executable file
 * over 1 MB that actually starts. Started without MEDIASOUP_VERSION in its env
 * the worker immediately exits with its documented code 41 ("you don't seem
 * to be my real father!"), which also proves the dynamic loader found all its
 * shared libraries (libuv, libssl, libsrtp2, libusrsctp, abseil). Takes a few ms.
 */
export function isUsableWorker(file) {
  let st;
  try {
    st = statSync(file);
  } catch {
    return false;
  }
  if (!st.isFile() || st.size < MIN_BINARY_SIZE || (st.mode & 0o111) === 0) return false;
  const env = { ...process.env };
  delete env.MEDIASOUP_VERSION;
  const res = spawnSync(file, [], { env, stdio: 'ignore', timeout: 10_000 });
  return !res.error && res.status === 41;
}

// ---------------------------------------------------------------------------
// meson patches
// ---------------------------------------------------------------------------

/** Replace exactly one match of `pattern` (string or RegExp) or throw. */
function replaceOnce(text, pattern, replacement, what) {
  const count =
    typeof pattern === 'string'
      ? text.split(pattern).length - 1
      : (text.match(new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g')) || []).length;
  if (count !== 1) {
    throw new Error(
      `mediasoup worker patch drift: expected exactly 1 match for ${what} ` +
        `(${String(pattern)}), found ${count}. The meson files of this mediasoup ` +
        `version differ from what build/mediasoup-worker.mjs expects; update the patches.`,
    );
  }
  return text.replace(pattern, () => replacement);
}

/** Replace every occurrence of the literal `needle`; returns [text, count]. */
function replaceAllCount(text, needle, replacement) {
  const parts = text.split(needle);
  return [parts.join(replacement), parts.length - 1];
}

/** Regex for a top-level `<var> = subproject(\n  '<name>', ... \n)\n` block. */
function subprojectBlock(varName, projName) {
  return new RegExp(`^${varName} = subproject\\(\\s*'${projName}',[\\s\\S]*?\\n\\)\\n`, 'm');
}

/**
 * Patch worker/meson.build and worker/deps/libwebrtc/meson.build in place so
 * that every dependency comes from the system via pkg-config.
 */
export function patchMesonFiles(workerDir) {
  const mainFile = join(workerDir, 'meson.build');
  const webrtcFile = join(workerDir, 'deps', 'libwebrtc', 'meson.build');
  let main = readFileSync(mainFile, 'utf8');
  let webrtc = readFileSync(webrtcFile, 'utf8');

  // 1. Debian bookworm has meson 1.0.1; upstream asks for >= 1.1.0 but uses
  //    nothing newer than 1.0 for the targets we build.
  main = replaceOnce(main, /meson_version\s*:\s*'[^']*'/, "meson_version: '>= 1.0.0'", 'project(meson_version: ...)');

  // 2. Forced subprojects -> system dependencies (pkg-config names as shipped
  //    by Debian). The subdir('deps/libwebrtc') shares this scope, so the
  //    abseil variables defined here are used there too.
  const systemDeps = [
    ['openssl_proj', 'openssl', "openssl_dep = dependency('openssl')"],
    ['nlohmann_json_proj', 'nlohmann_json', "nlohmann_json_dep = dependency('nlohmann_json')"],
    ['libuv_proj', 'libuv', "libuv_dep = dependency('libuv')"],
    ['libsrtp2_proj', 'libsrtp2', "libsrtp2_dep = dependency('libsrtp2')"],
    ['usrsctp_proj', 'usrsctp', "usrsctp_dep = dependency('usrsctp')"],
    [
      'abseil_cpp_proj',
      'abseil-cpp',
      [
        'absl_container_dep = declare_dependency(dependencies: [',
        "  dependency('absl_flat_hash_map'),",
        "  dependency('absl_flat_hash_set'),",
        "  dependency('absl_btree'),",
        '])',
        "absl_strings_dep = dependency('absl_strings')",
        "absl_types_dep = dependency('absl_optional')",
      ].join('\n'),
    ],
    // catch2 is only used by the test targets, which are removed below.
    ['catch2_proj', 'catch2', "# subproject('catch2') removed (only the test targets, removed below, used it)"],
  ];
  for (const [varName, projName, replacement] of systemDeps) {
    main = replaceOnce(
      main,
      subprojectBlock(varName, projName),
      replacement.startsWith('#')
        ? `# [tsudoi] ${replacement.slice(2)}\n`
        : `# [tsudoi] system library instead of subproject('${projName}')\n${replacement}\n`,
      `subproject('${projName}') block in worker/meson.build`,
    );
  }
  webrtc = replaceOnce(
    webrtc,
    subprojectBlock('abseil_cpp_proj', 'abseil-cpp'),
    '# [tsudoi] abseil comes from the system, see absl_*_dep in ../../meson.build\n',
    "subproject('abseil-cpp') block in worker/deps/libwebrtc/meson.build",
  );

  // 3. The static libs of those subprojects were link_whole'd into the
  //    (unbuilt) libmediasoup-worker library; system libs are linked normally.
  for (const line of [
    "  abseil_cpp_proj.get_variable('absl_container_lib'),\n",
    "  openssl_proj.get_variable('libcrypto_lib'),\n",
    "  openssl_proj.get_variable('libssl_lib'),\n",
    "  libuv_proj.get_variable('libuv'),\n",
    "  libsrtp2_proj.get_variable('libsrtp2'),\n",
    "  usrsctp_proj.get_variable('usrsctp'),\n",
  ]) {
    main = replaceOnce(main, line, '', `link_whole entry ${line.trim()}`);
  }

  // 4. `<x>_proj.get_variable('<y>_dep')` -> the system dependency variable.
  for (const [proj, variable] of [
    ['abseil_cpp_proj', 'absl_container_dep'],
    ['abseil_cpp_proj', 'absl_strings_dep'],
    ['abseil_cpp_proj', 'absl_types_dep'],
    ['openssl_proj', 'openssl_dep'],
    ['nlohmann_json_proj', 'nlohmann_json_dep'],
    ['libuv_proj', 'libuv_dep'],
    ['libsrtp2_proj', 'libsrtp2_dep'],
    ['usrsctp_proj', 'usrsctp_dep'],
  ]) {
    const needle = `${proj}.get_variable('${variable}')`;
    let n1;
    let n2;
    [main, n1] = replaceAllCount(main, needle, variable);
    [webrtc, n2] = replaceAllCount(webrtc, needle, variable);
    if (n1 + n2 === 0) {
      throw new Error(`mediasoup worker patch drift: ${needle} not found in any meson.build`);
    }
  }

  // 5. Drop the test/fuzzer targets (they need catch2 / libFuzzer and are
  //    never built here): everything from `test_sources = [` to the end.
  main = replaceOnce(
    main,
    /^test_sources = \[[\s\S]*$/m,
    '# [tsudoi] test and fuzzer targets removed (need catch2/libFuzzer; not built here)\n',
    'test_sources/test()/fuzzer section at the end of worker/meson.build',
  );

  // 6. Final check: nothing may still reach for a subproject, except the
  //    Windows-only wingetopt block (never evaluated on Linux).
  for (const [file, text] of [
    ['worker/meson.build', main],
    ['worker/deps/libwebrtc/meson.build', webrtc],
  ]) {
    const leftovers = (text.match(/\b\w+_proj\b/g) || []).filter((v) => v !== 'wingetopt_proj');
    if (leftovers.length > 0) {
      throw new Error(`mediasoup worker patch drift: ${file} still references ${[...new Set(leftovers)].join(', ')}`);
    }
  }

  writeFileSync(mainFile, main);
  writeFileSync(webrtcFile, webrtc);
}

// ---------------------------------------------------------------------------
// build
// ---------------------------------------------------------------------------

/** Run a command, streaming its output to our stderr. Rejects on failure. */
function run(cmd, args, { cwd, env, log }) {
  log(`$ ${cmd} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

function pkgConfigVariable(pkg, variable) {
  const res = spawnSync('pkg-config', [`--variable=${variable}`, pkg], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    throw new Error(`pkg-config --variable=${variable} ${pkg} failed: ${res.stderr || res.error}`);
  }
  return res.stdout.trim();
}

/**
 * Return the path of a usable cached mediasoup-worker for `version`, building
 * and caching it first if needed.
 *
 * @param {{ version?: string, log?: (msg: string) => void, force?: boolean }} [opts]
 * @returns {Promise<string>} absolute path of the binary
 */
export async function ensureMediasoupWorker({ version = MEDIASOUP_VERSION, log = defaultLog, force = false } = {}) {
  const dest = workerCachePath(version);
  if (!force && isUsableWorker(dest)) return dest;

  const t0 = Date.now();
  const phase = (msg) => log(`[mediasoup-worker ${version}] +${((Date.now() - t0) / 1000).toFixed(1)}s ${msg}`);

  phase(`no usable cached worker at ${dest}; building from the npm package sources`);
  phase('checking Debian build packages');
  ensureDebianPackages(WORKER_BUILD_DEBIAN_PACKAGES, { log });

  const tmp = mkdtempSync(join(tmpdir(), `tsudoi-mediasoup-worker-${version}-`));
  let ok = false;
  try {
    phase(`npm pack mediasoup@${version}`);
    // cwd=tmp keeps npm away from the monorepo's workspaces/.npmrc quirks.
    await run('npm', ['pack', `mediasoup@${version}`, '--ignore-scripts', '--silent'], {
      cwd: tmp,
      log,
    });
    const tgz = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new Error(`npm pack produced no .tgz in ${tmp}`);
    await run('tar', ['-xzf', tgz], { cwd: tmp, log });
    const workerDir = join(tmp, 'package', 'worker');

    phase('patching meson files to use Debian system libraries');
    patchMesonFiles(workerDir);

    // mediasoup includes <srtp.h>; Debian installs it as <srtp2/srtp.h> and
    // libsrtp2.pc does not add that subdirectory to the include path.
    const srtpInclude = join(pkgConfigVariable('libsrtp2', 'includedir'), 'srtp2');
    if (!existsSync(join(srtpInclude, 'srtp.h'))) {
      throw new Error(`srtp.h not found in ${srtpInclude} (is libsrtp2-dev installed?)`);
    }
    const env = {
      ...process.env,
      CXXFLAGS: [process.env.CXXFLAGS, `-I${srtpInclude}`].filter(Boolean).join(' '),
    };

    phase('meson setup');
    await run(
      'meson',
      [
        'setup',
        '--buildtype=release',
        // Never fall back to (downloading) wraps: everything must come from the system.
        '--wrap-mode=nofallback',
        // Same flags as mediasoup's own Makefile for release builds.
        '-Db_ndebug=true',
        '-Db_pie=true',
        '-Db_staticpic=true',
        'out',
      ],
      { cwd: workerDir, env, log },
    );

    phase('ninja mediasoup-worker (takes a few minutes)');
    await run('ninja', ['-C', 'out', 'mediasoup-worker'], { cwd: workerDir, env, log });

    const built = join(workerDir, 'out', 'mediasoup-worker');
    if (!isUsableWorker(built)) {
      throw new Error(`built ${built} but it does not pass the sanity check`);
    }

    phase(`installing into ${dest}`);
    mkdirSync(dirname(dest), { recursive: true });
    // Atomic: concurrent readers see either no file or the complete binary.
    const partial = `${dest}.tmp-${process.pid}-${Date.now()}`;
    try {
      copyFileSync(built, partial);
      chmodSync(partial, 0o755);
      renameSync(partial, dest);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    if (!isUsableWorker(dest)) throw new Error(`cached ${dest} does not pass the sanity check`);
    ok = true;
    phase('done');
    return dest;
  } finally {
    if (process.env.TSUDOI_KEEP_BUILD_DIR) {
      log(`keeping build dir ${tmp} (TSUDOI_KEEP_BUILD_DIR is set)`);
    } else {
      rmSync(tmp, { recursive: true, force: true });
      if (!ok) log(`build failed; removed ${tmp} (set TSUDOI_KEEP_BUILD_DIR=1 to keep it)`);
    }
  }
}

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------

function isMain() {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !['--path', '--force'].includes(a));
  if (unknown.length > 0) {
    process.stderr.write(
      `unknown argument(s): ${unknown.join(' ')}\n` + 'usage: node build/mediasoup-worker.mjs [--path | --force]\n',
    );
    process.exit(2);
  }
  if (args.includes('--path')) {
    process.stdout.write(`${workerCachePath()}\n`);
  } else {
    try {
      const path = await ensureMediasoupWorker({ force: args.includes('--force') });
      process.stdout.write(`${path}\n`);
    } catch (err) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exit(1);
    }
  }
}
