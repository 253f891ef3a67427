/** Text for HTML: every user text goes through this (or `jsonForScript`) before it reaches a page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Text for XML (sitemaps, Atom): the same five characters, and no character XML 1.0 forbids. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}

/**
 * JSON inside <script type="application/ld+json">: `<`, `>` and `&` as JSON escapes, so no text
 * (a job titled `</script><script>`) can end the element or open a comment; U+2028/2029 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Plain text as paragraphs (blank lines part them; single line breaks kept as <br>; "- " lines a list), escaped. */
export function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => {
      const lines = p.trim().split('\n');
      // "- one\n- two", as the job form's texts are written: a list.
      if (lines.every((line) => /^\s*[-•*]\s+/.test(line))) {
        return `<ul>${lines.map((line) => `<li>${escapeHtml(line.replace(/^\s*[-•*]\s+/, ''))}</li>`).join('')}</ul>`;
      }
      return `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}

/** A sentence-length excerpt for descriptions in link previews. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
