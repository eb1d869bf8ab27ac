/**
 * Where a V8 CPU profile's time went, as text: the summary the benchmark
 * notes quote when a target is short (docs/benchmarks.md).
 *
 *   node --import tsx bench/cpu-profile.ts --profile <file.cpuprofile | dir> [--top N]
 *   npm run bench:profile -- --profile /tmp/prof      (the newest profile in the folder)
 *
 * Self time (the samples' time deltas) grouped three ways: by kind (idle,
 * garbage collection, V8's own work, Node's core, npm packages, our code),
 * by place (each npm package, each feature folder of our code, found through
 * the server bundle's source map) and by function. The benches write such
 * profiles with `--cpu-prof DIR` (the server child runs with `--cpu-prof`).
 * Read a profile before the server is bundled again: the places come from
 * today's `server/dist/main.mjs.map`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './support/args';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = benchArgs(
  `Summarises a V8 CPU profile (.cpuprofile) by kind, place and function.

  npm run bench:profile -- --profile <file.cpuprofile | dir> [options]`,
  {
    profile: { text: 'PATH', help: 'a .cpuprofile file, or a folder (its newest profile)' },
    top: { number: 20, help: 'rows of the place and function tables' },
    callers: { text: 'NAME', help: 'also list the stacks under which the function NAME spent its time' },
    from: { number: 0, help: 'count only samples from this second of the profile on' },
    to: { number: 0, help: 'count only samples before this second of the profile (0: to its end)' },
    seconds: { flag: true, help: 'also print how busy each second of the profile was (to pick --from and --to)' },
  },
);
const target = args.profile;
const until = args.to > 0 ? args.to : Infinity;
if (!target) throw new Error('--profile names a .cpuprofile file or a folder of them');

/** The file itself, or the newest profile in the folder. */
function profileFile(at: string): string {
  if (!fs.statSync(at).isDirectory()) return at;
  const files = fs
    .readdirSync(at)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(at, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no .cpuprofile in ${at}`);
  return files[0];
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const maps = new Map<string, SourceMap | null>();

/** The source map beside a bundle (server/dist/main.mjs.map), once per file. */
function mapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file)!;
}

/** The source file and line behind a frame of a bundle, relative to the repository (else the frame's own). */
function sourceOf(frame: ProfileNode['callFrame']): { path: string; line: number } {
  const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const map = file.endsWith('.mjs') ? mapOf(file) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
    | { originalSource?: string; originalLine?: number }
    | undefined;
  if (!entry?.originalSource) return { path: path.relative(REPO, file), line: frame.lineNumber + 1 };
  const source = path.resolve(path.dirname(file), entry.originalSource.replace(/^file:\/\//, ''));
  return { path: path.relative(REPO, source), line: (entry.originalLine ?? 0) + 1 };
}

/** Kind and place of a frame (a V8 pseudo-frame, Node's core, an npm package or a folder of ours); its source. */
function classify(frame: ProfileNode['callFrame']): { kind: string; place: string; at?: string } {
  const name = frame.functionName;
  if (name === '(idle)') return { kind: 'idle', place: '(idle)' };
  if (name === '(garbage collector)') return { kind: 'garbage collection', place: '(garbage collector)' };
  if (name === '(program)' || name === '(root)') return { kind: 'V8 (compiling, runtime)', place: '(program)' };
  if (!frame.url) return { kind: 'V8 built-ins and native code', place: name ? `(native) ${name}` : '(native)' };
  if (frame.url.startsWith('node:')) return { kind: "Node's core", place: frame.url.replace(/\/.*$/, '') };
  const source = sourceOf(frame);
  const at = `${source.path.replace(/^.*node_modules\//, '')}:${source.line}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source.path);
  if (pkg) return { kind: 'npm packages', place: pkg[1]!, at };
  const folder = /^(server\/src\/(?:features\/[^/]+|[^/]+)|common\/src\/[^/]+)/.exec(source.path);
  return { kind: 'our code', place: folder ? folder[1]! : source.path, at };
}

const file = profileFile(target);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const perSecond: { busy: number; all: number }[] = [];
let clock = 0; // µs since the profile started
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  const second = Math.floor(clock / 1e6);
  const bucket = (perSecond[second] ??= { busy: 0, all: 0 });
  bucket.all += delta;
  if (!idleIds.has(id)) bucket.busy += delta;
  if (second < args.from || second >= until) return;
  self.set(id, (self.get(id) ?? 0) + delta);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const byKind = new Map<string, number>();
const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
for (const [id, us] of self) {
  const frame = nodes.get(id)!.callFrame;
  const { kind, place, at } = classify(frame);
  add(byKind, kind, us);
  add(byPlace, place, us);
  add(byFunction, `${frame.functionName || '(anonymous)'}  ${at ?? place}`, us);
}

const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
const share = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const table = (title: string, map: Map<string, number>, rows: number) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`  ${share(us)} ${ms(us)}  ${key}`);
};

console.log(
  `${path.relative(process.cwd(), file)}: ${(total / 1e6).toFixed(1)} s sampled, ${profile.samples.length} samples`,
);
if (args.from > 0 || args.to > 0)
  console.log(`counted: seconds ${args.from} to ${args.to || 'the end'} of the profile`);
if (args.seconds)
  console.log(
    `busy per second: ${perSecond.map((b, i) => `${i}:${Math.round((100 * (b?.busy ?? 0)) / (b?.all || 1))}%`).join(' ')}`,
  );
const busy = total - (byKind.get('idle') ?? 0);
console.log(`busy (not idle): ${share(busy).trim()} of the time, ${(busy / 1e6).toFixed(1)} s`);
table('by kind (self time)', byKind, 10);
table(`by place (self time, top ${args.top})`, byPlace, args.top);
table(`by function (self time, top ${args.top})`, byFunction, args.top);

if (args.callers) {
  // the stacks under which the named function spent its self time, heaviest first
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<string, number>();
  for (const [id, us] of self) {
    if (nodes.get(id)!.callFrame.functionName !== args.callers) continue;
    const chain: string[] = [];
    for (let at = parent.get(id); at !== undefined && chain.length < 8; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      if (frame.functionName === '(root)') break;
      chain.push(`${frame.functionName || '(anonymous)'} ${classify(frame).place}`);
    }
    add(stacks, chain.join(' < '), us);
  }
  table(`callers of ${args.callers} (self time, top ${args.top})`, stacks, args.top);
}
