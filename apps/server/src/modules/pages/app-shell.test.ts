import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAppShell } from './app-shell';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-shell-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

// The shape of the web build's index.html (apps/web/index.html after `vite build`).
const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Hireloop: find work, hire people, run interviews." />
    <title>Hireloop</title>
    <script src="/color-scheme.js"></script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">
    <link rel="stylesheet" crossorigin href="/assets/aXYZ.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Hireloop needs JavaScript to run.</noscript>
  </body>
</html>
`;

describe('loadAppShell', () => {
  it("keeps the build's script and style tags, and puts the page's head and content in place of the app's defaults", () => {
    fs.writeFileSync(path.join(dist, 'index.html'), built);
    const html = loadAppShell(dist)({ head: '<title>Job | Hireloop</title>', body: '<main>Text</main>' });
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/aXYZ.css">');
    expect(html).toContain('<script src="/color-scheme.js"></script>');
    // The script that starts the app on the page's own screen, before the app's module runs.
    expect(html.indexOf('<script src="/real-path.js"></script>')).toBeLessThan(html.indexOf('/assets/index-abc123.js'));
    expect(html).toContain('<div id="root"><main>Text</main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Job | Hireloop</title>');
    expect(html).not.toContain('needs JavaScript');
    expect(html).not.toContain('name="description"');
    expect(html.indexOf('<title>Job')).toBeLessThan(html.indexOf('</head>'));
  });

  it('without a web build, a plain page with the same head and content', () => {
    const html = loadAppShell(path.join(dist, 'missing'))({ head: '<title>T</title>', body: '<main>Text</main>' });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<div id="root"><main>Text</main></div>');
    expect(html).not.toContain('<script');
  });
});
