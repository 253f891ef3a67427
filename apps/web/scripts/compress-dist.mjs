// After `vite build`: write .br and .gz copies of the text assets beside them, so the server
// sends compressed files (@fastify/static `preCompressed`) without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let files = 0;
let raw = 0;
let gz = 0;
let br = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      const body = fs.readFileSync(full);
      const gzipped = zlib.gzipSync(body, { level: 9 });
      const brotli = zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      fs.writeFileSync(`${full}.gz`, gzipped);
      fs.writeFileSync(`${full}.br`, brotli);
      files += 1;
      raw += body.length;
      gz += gzipped.length;
      br += brotli.length;
    }
  }
}

walk(dist);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`compressed ${files} files: ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);
