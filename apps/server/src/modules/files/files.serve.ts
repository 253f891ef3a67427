import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { fileKinds } from '@jobportal/shared';

// Every type some kind accepts; a stored row naming anything else is sent as plain bytes.
// (and a data export's zip, which the server made itself).
const servableTypes = new Set<string>([...Object.values(fileKinds).flatMap((kind) => Object.keys(kind.types)), 'application/zip']);

// RFC 5987 attr-chars are letters, digits and !#$&+-.^_`|~: encodeURIComponent leaves '()* as they are.
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition value for a download (RFC 6266): a printable-ASCII name for old clients in
 * filename, the real one in filename* (RFC 5987).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

export interface FileToSend {
  /** The type the row (or the logo's key) holds: decided from the bytes at upload. */
  contentType: string;
  /** The bytes, or a stream of them (a data export, sent without holding it whole). */
  data: Buffer | Readable;
  /** Offered as a download under this (cleaned) name; without it the file shows inline (images). */
  downloadName?: string;
  /** May shared caches keep it (an approved company's logo)? Otherwise `private, no-store`. */
  isPublic?: boolean;
}

/**
 * The one way a stored file leaves the server, to a viewer whose access was already checked. The
 * browser never sniffs it into another type, and the file is sandboxed with no sources at all, so
 * an uploaded document can never run script in our origin, even opened directly.
 */
export function sendStoredFile(reply: FastifyReply, file: FileToSend) {
  return reply
    .header('content-type', servableTypes.has(file.contentType) ? file.contentType : 'application/octet-stream')
    .header('content-disposition', file.downloadName ? attachmentDisposition(file.downloadName) : 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.isPublic ? 'public, max-age=3600' : 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.data);
}
