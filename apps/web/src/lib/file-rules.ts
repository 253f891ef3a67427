import { fileKinds, formatFileLimit, type FileKind } from '@jobportal/shared/vocabulary';

/** "5 MB": the size limit of an upload kind, as the help texts and errors say it. */
export const fileLimitOf = (kind: FileKind) => formatFileLimit(fileKinds[kind].maxBytes);

/** The `accept` attribute of a file picker: the kind's extensions, then its content types. */
export function acceptOf(kind: FileKind): string {
  const types = fileKinds[kind].types;
  return [...Object.values(types).map((extension) => `.${extension}`), ...Object.keys(types)].join(',');
}

// What the size error calls the file, and how it asks for another.
const wording: Record<FileKind, { subject: string; other: string }> = {
  resume: { subject: 'The resume', other: 'a smaller file' },
  photo: { subject: 'The photo', other: 'a smaller one' },
  logo: { subject: 'The image', other: 'a smaller one' },
};

/**
 * The server's upload rule (packages/shared/src/files.ts), checked first in the browser so nobody
 * uploads megabytes to hear "no"; the same words as the server. A document also passes by its
 * extension: some browsers give Word files no content type.
 */
export function checkFile(kind: FileKind, file: File): string | null {
  const rule = fileKinds[kind];
  const isKnownType = Object.hasOwn(rule.types, file.type);
  const isKnownName = kind === 'resume' && Object.values(rule.types).some((extension) => file.name.toLowerCase().endsWith(`.${extension}`));
  if (!isKnownType && !isKnownName) return `That file is not ${rule.typesLabel}.`;
  if (file.size > rule.maxBytes) return `${wording[kind].subject} is larger than ${fileLimitOf(kind)}. Choose ${wording[kind].other}.`;
  return null;
}
