import { transformSync } from 'esbuild';
import fs from 'node:fs';
const [file, ...cols] = process.argv.slice(2);
const out = transformSync(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm', minifyWhitespace: true, sourcemap: false }).code;
console.log('lines', out.split('\n').length);
for (const c of cols) console.log(c, JSON.stringify(out.slice(Number(c) - 1, Number(c) + 110)));
