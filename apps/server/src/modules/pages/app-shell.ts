import fs from 'node:fs';
import path from 'node:path';

/** What a server-rendered page puts into the app's index.html. */
export interface ShellParts {
  /** <title>, description, canonical, Open Graph, structured data: already escaped HTML. */
  head: string;
  /** The page's readable content; the app replaces it when it starts (it is inside #root). */
  body: string;
}

export type AppShell = (parts: ShellParts) => string;

const realPathScript = '<script src="/real-path.js"></script>';

// Readable without the app's styles (JavaScript off, or before it starts). The CSP allows inline styles, not scripts.
const ownStyle = `<style>.ssr{max-width:760px;margin:0 auto;padding:24px 16px;font:16px/1.55 system-ui,sans-serif}
.ssr img{border-radius:8px}.ssr .closed{padding:12px 16px;border-radius:8px;background:#fff3bf;color:#5c3c00}
.ssr nav a{margin-right:16px}</style>`;

/**
 * The built app's index.html, read once at start, with a page's head and content put in: its own
 * script and style tags stay, so the page starts the app on the same screen (the app's
 * /real-path.js maps /jobs/{id} and /companies/{id} to its routes: inline scripts are forbidden by the CSP).
 * Without a web build, a plain page with the same head and content.
 */
export function loadAppShell(webDist: string): AppShell {
  const file = path.join(webDist, 'index.html');
  const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (!html || !html.includes('<div id="root"></div>')) {
    return ({ head, body }) =>
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n${head}\n${ownStyle}\n</head>\n<body>\n<div id="root">${body}</div>\n</body>\n</html>\n`;
  }
  // The app's default title, description and "needs JavaScript" note give way to the page's own.
  const template = html
    // The app's /real-path.js first in the head: it turns this page's address into the app's route before the app starts.
    .replace('<head>', `<head>\n    ${realPathScript}`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  const headEnd = template.indexOf('</head>');
  const rootAt = template.indexOf('<div id="root"></div>');
  const beforeHead = template.slice(0, headEnd);
  const betweenHeadAndRoot = template.slice(headEnd, rootAt);
  const afterRoot = template.slice(rootAt + '<div id="root"></div>'.length);
  return ({ head, body }) => `${beforeHead}${head}\n${ownStyle}\n${betweenHeadAndRoot}<div id="root">${body}</div>${afterRoot}`;
}
