import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export const imageTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ImageType = keyof typeof imageTypes;

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by the file's first bytes (never its name or declared type), or undefined. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

export const imageTypeOfKey = (key: string): ImageType | undefined =>
  (Object.keys(imageTypes) as ImageType[]).find((type) => key.endsWith(`.${imageTypes[type]}`));

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Reads the one image file of a multipart request from `field`: JPEG, PNG or WebP by its bytes,
 * at most `maxBytes`. Wrong type answers 415, too large 413, a missing file 400.
 */
export async function readImageUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<{ data: Buffer; type: ImageType }> {
  const missing = () =>
    new AppError('validation_error', `Choose an image file to upload in the field "${field}".`, {
      fields: { [field]: ['Choose an image file.'] },
    });
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the image as multipart/form-data in the field "${field}".`);
  }
  const tooLarge = () => new AppError('payload_too_large', `The image is larger than ${megabytes(maxBytes)}. Choose a smaller one.`);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1000 } });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw missing();
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw missing();
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (data.length === 0) throw missing();
  const type = sniffImageType(data);
  if (!type) throw new AppError('unsupported_media_type', 'That file is not a JPEG, PNG or WebP image.');
  return { data, type };
}
