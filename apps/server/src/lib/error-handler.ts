// The one error handler: AppError codes to their statuses, validation failures to 400 with fields,
// a database that is away to 503, anything else to a logged 500 carrying the request id.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorCode } from '@jobportal/shared';
import { AppError, validationError } from './app-error';
import { isDatabaseUnavailable } from './db-errors';

const statusCodes = new Map<number, ErrorCode>([
  [400, 'bad_request'],
  [401, 'not_authenticated'],
  [403, 'permission_denied'],
  [404, 'not_found'],
  [409, 'conflict'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
  [429, 'rate_limited'],
]);

/** Sets the app's error and not-found handlers. */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        (fields[name] ??= []).push(issue.message ?? 'This value is not valid.');
      }
      return reply.code(400).send(validationError(fields).toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = statusCodes.get(status) ?? 'bad_request';
      return reply.code(errorStatus[code]).send({ detail: error.message || 'The request is not valid.', code });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: 'The service is briefly unavailable. Try again in a few seconds.', code: 'service_unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: `Something went wrong on our side (request ${request.id}).`, code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ detail: `No such address: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' }),
  );
}
