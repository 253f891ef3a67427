// Apply the saved colour scheme before the first paint, so dark mode does not flash white.
// A file rather than an inline script, so the Content-Security-Policy needs no 'unsafe-inline'.
try {
  var saved = localStorage.getItem('mantine-color-scheme-value');
  var scheme =
    saved === 'light' || saved === 'dark' ? saved : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // Storage may be unavailable (private mode); the app picks a scheme when it starts.
}
