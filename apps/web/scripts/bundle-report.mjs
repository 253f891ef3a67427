// Gzipped first-load JavaScript per screen, from the build manifest (run `vite build` first).
// First load = the entry chunk and its static imports, plus the screen's chunk and its static
// imports. Usage: node scripts/bundle-report.mjs [--budget-kb=120]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetArg = process.argv.find((arg) => arg.startsWith('--budget-kb='));
const budgetKb = budgetArg ? Number(budgetArg.split('=')[1]) : null;

const gzipped = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function staticClosure(keys, files = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) continue;
    files.add(chunk.file);
    staticClosure(chunk.imports ?? [], files);
  }
  return files;
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipped(file), 0);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure([entryKey]);

console.log(`Entry and its static imports: ${kb(total(entryFiles))}`);
for (const file of entryFiles) console.log(`  ${path.basename(file).padEnd(36)} ${kb(gzipped(file))}`);
console.log('\nFirst load per screen (screen-only chunks in brackets):');
let isOverBudget = false;
for (const key of Object.keys(manifest)
  .filter((k) => /screens\/[^/]+-screen\.tsx$/.test(k))
  .sort()) {
  const files = staticClosure([entryKey, key]);
  const own = [...files].filter((file) => !entryFiles.has(file));
  const size = total(files);
  const over = budgetKb !== null && size > budgetKb * 1024;
  isOverBudget ||= over;
  console.log(`  ${path.basename(key, '.tsx').padEnd(36)} ${kb(size).padStart(9)}  [${kb(total(own))}]${over ? '  over budget' : ''}`);
}
if (isOverBudget) process.exitCode = 1;
