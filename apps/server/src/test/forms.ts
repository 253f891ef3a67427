/** A text part, or a file part, of a multipart/form-data body as a browser sends it. */
export type FormPart =
  { name: string; value: string; contentType?: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body and its content-type header, for app.inject and fetch alike. */
export function formBody(parts: FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----hireloop${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n${type}\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Text parts from an object: strings as they are, everything else as JSON text (as the web sends lists). */
export const textParts = (values: Record<string, unknown>): FormPart[] =>
  Object.entries(values).map(([name, value]) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value) }));
