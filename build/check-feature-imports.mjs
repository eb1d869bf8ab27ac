#!/usr/bin/env node
/**
 * Keeps docs/architecture.md's map true: each feature folder of the server
 * (§4) and of the floor UI (§5) has a paragraph whose `Imports:` line names
 * the feature folders it may import. This reads the code's relative imports
 * (tests and fixtures aside) and fails when a folder imports one its
 * paragraph does not list, lists one it no longer imports, or has no
 * paragraph. Run alone with `node build/check-feature-imports.mjs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = 'docs/architecture.md';
const SECTIONS = [
  { heading: '## 4. Server feature folders', dir: 'server/src/features' },
  { heading: '## 5. The floor UI', dir: 'desktop/src/renderer/features' },
];
const TEST_FILE = /\.(spec|testing)\.tsx?$|(^|\/)fixtures\.ts$/;
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']*)'/g;

/** The `Imports:` line of each `**folder** —` paragraph of one section of the doc. */
function documented(doc, heading) {
  const start = doc.indexOf(heading);
  if (start < 0) throw new Error(`${DOC} has no section "${heading}"`);
  const next = doc.indexOf('\n## ', start + heading.length);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const map = new Map();
  for (const paragraph of section.split(/\n\s*\n/)) {
    const name = /^\*\*([a-z0-9-]+)\*\* —/.exec(paragraph.trim())?.[1];
    if (!name) continue;
    const line = /Imports:([\s\S]*?)\.\s*$/.exec(paragraph)?.[1];
    if (line === undefined) throw new Error(`${DOC}: the paragraph of "${name}" has no "Imports:" line`);
    const names = line.trim() === '-' ? [] : line.split(',').map((n) => n.trim());
    map.set(name, new Set(names));
  }
  return map;
}

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(entry.name) && !TEST_FILE.test(file)) yield file;
  }
}

/** The other feature folders each feature folder's code imports. */
function actual(dir) {
  const base = path.join(root, dir);
  const folders = fs.readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory());
  const names = new Set(folders.map((f) => f.name));
  const map = new Map();
  for (const { name } of folders) {
    const used = new Set();
    for (const file of sources(path.join(base, name))) {
      for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(base, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
        if (target !== name && names.has(target)) used.add(target);
      }
    }
    map.set(name, used);
  }
  return map;
}

const doc = fs.readFileSync(path.join(root, DOC), 'utf8');
const problems = [];
for (const { heading, dir } of SECTIONS) {
  const listed = documented(doc, heading);
  const found = actual(dir);
  for (const [name, used] of found) {
    const allowed = listed.get(name);
    if (!allowed) {
      problems.push(`${dir}/${name}: no paragraph in ${DOC} ("${heading}")`);
      continue;
    }
    for (const other of used)
      if (!allowed.has(other)) problems.push(`${dir}/${name} imports ${other}, which its paragraph does not list`);
    for (const other of allowed)
      if (!used.has(other)) problems.push(`${dir}/${name} lists ${other} but no longer imports it`);
  }
  for (const name of listed.keys())
    if (!found.has(name)) problems.push(`${DOC} describes ${dir}/${name}, which does not exist`);
  console.log(`${dir}: ${found.size} feature folders checked against ${DOC}`);
}
if (problems.length) {
  for (const problem of problems) console.log(`  ✘ ${problem}`);
  console.log(`\nUpdate the folder's paragraph in ${DOC} (what it owns, what it imports), or the import.`);
  process.exit(1);
}
