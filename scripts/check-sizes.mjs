// Lists source files and React components too long to read as one idea (issue 48):
//   apps/web/src      files over 300 lines, components over 150 lines
//   apps/server/src   files over 400 lines (not tests, src/test/, db/schema.ts, generated migrations)
// A file whose first line is `// size: <reason>` is let off. Exit 1 on any finding.
// `--web` checks the web alone.  Usage: node scripts/check-sizes.mjs [--web]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webOnly = process.argv.includes('--web');

const limits = { webFile: 300, component: 150, serverFile: 400 };

function sourceFiles(dir, skip = () => false) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skip(full, entry)) continue;
    if (entry.isDirectory()) found.push(...sourceFiles(full, skip));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

const linesOf = (file) => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
const hasReason = (lines) => /^\/\/ size: \S/.test(lines[0] ?? '');
const rel = (file) => path.relative(root, file);

/**
 * Components: a function or arrow function whose name starts with a capital letter, from the line
 * that declares it to the line that closes it (the first later line at the same indentation that
 * starts with `}` or `)`; the code is formatted by Prettier).
 */
function componentsOf(lines) {
  const found = [];
  const declaration = /^(\s*)(?:export\s+)?(?:default\s+)?(?:function\s+([A-Z]\w*)\s*[<(]|(?:const|let)\s+([A-Z]\w*)\s*(?::[^=]+)?=\s*(?:memo\(|forwardRef\()?(?:async\s*)?(?:function\b|\([^)]*\)?\s*(?::[^=]*)?=>|\w+\s*=>|\())/;
  lines.forEach((line, index) => {
    const match = declaration.exec(line);
    if (!match) return;
    const indent = match[1];
    const closer = new RegExp(`^${indent}[})]`);
    let end = index;
    for (let i = index + 1; i < lines.length; i++) {
      if (closer.test(lines[i])) {
        end = i;
        break;
      }
    }
    if (end > index) found.push({ name: match[2] ?? match[3], line: index + 1, length: end - index + 1 });
  });
  return found;
}

const findings = [];

const webRoot = path.join(root, 'apps/web/src');
for (const file of sourceFiles(webRoot)) {
  const lines = linesOf(file);
  if (hasReason(lines)) continue;
  if (lines.length > limits.webFile) findings.push(`${rel(file)}: ${lines.length} lines (web files: at most ${limits.webFile})`);
  for (const component of componentsOf(lines)) {
    if (component.length > limits.component) {
      findings.push(`${rel(file)}:${component.line}: ${component.name} is ${component.length} lines (components: at most ${limits.component})`);
    }
  }
}

if (!webOnly) {
  const serverRoot = path.join(root, 'apps/server/src');
  const skip = (full, entry) =>
    (entry.isDirectory() && (full === path.join(serverRoot, 'test') || full === path.join(serverRoot, 'db/migrations'))) ||
    entry.name.endsWith('.test.ts') ||
    full === path.join(serverRoot, 'db/schema.ts');
  for (const file of sourceFiles(serverRoot, skip)) {
    const lines = linesOf(file);
    if (hasReason(lines)) continue;
    if (lines.length > limits.serverFile) findings.push(`${rel(file)}: ${lines.length} lines (server files: at most ${limits.serverFile})`);
  }
}

if (findings.length > 0) {
  console.log(findings.join('\n'));
  console.log(`${findings.length} too long; split by section, or put a one-line \`// size: <reason>\` at the file's top.`);
  process.exit(1);
}
console.log(`Sizes fine (${webOnly ? 'web' : 'web and server'}).`);
