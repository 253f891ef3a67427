/** The server's file rules, checked first in the browser; the same words as the server. */
export const photoRules = { maxBytes: 2 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;
export const resumeRules = {
  maxBytes: 5 * 1024 * 1024,
  types: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
} as const;

export function checkPhotoFile(file: File): string | null {
  if (!(photoRules.types as readonly string[]).includes(file.type)) return 'That file is not a JPEG, PNG or WebP image.';
  if (file.size > photoRules.maxBytes) return 'The photo is larger than 2 MB. Choose a smaller one.';
  return null;
}

export function checkResumeFile(file: File): string | null {
  const byName = /\.(pdf|docx)$/i.test(file.name);
  if (!(resumeRules.types as readonly string[]).includes(file.type) && !byName) return 'That file is not a PDF or Word (DOCX) document.';
  if (file.size > resumeRules.maxBytes) return 'The resume is larger than 5 MB. Choose a smaller file.';
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
