import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '@jobportal/shared';
import { createApplication, createChatRoom, createInterview, createUser } from '../../seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

/**
 * Every operation that /api/openapi.json describes, called with hostile values by each kind of
 * caller: no answer may be a 5xx, and every refusal is a JSON error ({ detail, code }).
 *
 * Bounded, not a cross product: each field gets the hostile values of its kind one at a time, the
 * other fields keeping plausible values drawn from the schema (so a value the schema lets through
 * reaches the service and the database); each body gets a few hostile bodies as a whole; each path
 * and query parameter a few hostile raw strings. Uploads get only wrong types. One app, one database.
 */

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  pattern?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes JSON. */
  json?: Schema;
  /** Takes a body of some kind (JSON or an upload). */
  hasBody: boolean;
}

/** A JSON token that JSON.stringify cannot write (1e400, a 10,000-deep array), placed as it is. */
class Raw {
  constructor(readonly text: string) {}
}
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Raw ? `\u0000raw${raws.push(v.text) - 1}` : v));
  return text.replace(/"\\u0000raw(\d+)"/g, (_m, i: string) => raws[Number(i)]!);
}

type Hostile = readonly [label: string, value: unknown];
const megabyte = 'x'.repeat(1_000_000);
const deepArray = new Raw('['.repeat(10_000) + ']'.repeat(10_000));
const deepObject = new Raw('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000));

const textValues: Hostile[] = [
  ['a lone surrogate', '\ud800'],
  ['NUL', 'a\u0000b'],
  ['a line break', 'Ada\r\nBcc: someone@example.com'],
  ['control characters', '\u0007\u001b[31m\u007f\u0085\u2028'],
  ['1 MB', megabyte],
  ['a number', 12345],
  ['null', null],
  ['an object', { a: 1 }],
];
const dateValues: Hostile[] = [
  ['year 2999', '2999-01-01T00:00:00Z'],
  ['year 9999', '9999-12-31T23:59:59Z'],
  ['year 275760', '+275760-09-13T00:00:00.000Z'],
  ['a negative year', '-001000-01-01T00:00:00Z'],
  ['30 February', '2027-02-30'],
  ['month 13', '2027-13-45T99:99:99Z'],
  ['words', 'next tuesday'],
  ['a lone surrogate', '\ud800'],
  ['a number', 1e12],
];
const numberValues: Hostile[] = [
  ['-1', -1],
  ['1.5', 1.5],
  ['2^31', 2 ** 31],
  ['1e308', 1e308],
  ['1e400 (Infinity)', new Raw('1e400')],
  ['400 digits', new Raw('9'.repeat(400))],
  ['a numeric string', '12'],
  ['null', null],
  ['an object', { a: 1 }],
];
const booleanValues: Hostile[] = [
  ['a string', 'true'],
  ['a number', 1],
  ['a lone surrogate', '\ud800'],
  ['null', null],
];
const enumValues: Hostile[] = [
  ['an unknown value', 'no-such-value'],
  ['empty', ''],
  ['a lone surrogate', '\ud800'],
  ['null', null],
];
const listValues = (item: unknown): Hostile[] => [
  ['not a list', 'a'],
  ['10,000 items', Array.from({ length: 10_000 }, () => item)],
  ['a 10,000-deep list', deepArray],
  ['hostile items', ['\ud800', null, { a: 1 }, -1, megabyte.slice(0, 100_000)]],
];
const objectValues: Hostile[] = [
  ['a string', 'a'],
  ['a list', []],
  ['a 10,000-deep object', deepObject],
];

/** Hostile whole bodies, for every operation that takes one. */
const hostileBodies: Array<readonly [label: string, body: string | Buffer, contentType: string]> = [
  ['a list body', '[]', 'application/json'],
  ['a string body', '"x"', 'application/json'],
  ['malformed JSON', '{"a":', 'application/json'],
  ['10,000-deep JSON', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), 'application/json'],
  ['prototype keys', '{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}}}', 'application/json'],
  ['a lone surrogate key', '{"\\ud800":1}', 'application/json'],
  ['invalid UTF-8', Buffer.from('{"a":"\xff\xfe"}', 'latin1'), 'application/json'],
  ['over 1 MB', toJson({ a: 'x'.repeat(1_100_000) }), 'application/json'],
  ['a text body', 'hello', 'text/plain'],
];

/** Raw strings for path and query parameters (already percent-encoded where they need to be). */
const rawValues: Array<readonly [label: string, raw: string]> = [
  ['a lone surrogate', '%ED%A0%80'],
  ['NUL', '%00'],
  ['a stray %', '%'],
  ['invalid UTF-8', '%FF%FE'],
  ['a line break', 'a%0D%0Ab'],
  ['-1', '-1'],
  ['25 digits', '9'.repeat(25)],
  ['year 275760', '%2B275760-09-13T00%3A00%3A00.000Z'],
  ['300 characters', 'x'.repeat(300)],
];
const longQuery = ['20,000 characters', 'x'.repeat(20_000)] as const;

/** The first branch of a schema that is not null (`a | null`, anyOf, oneOf, allOf). */
function branch(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) return branch(options.find((o) => o.type !== 'null') ?? options[0]!);
  return schema;
}
const typeOf = (schema: Schema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

const candidates = ['1', 'Europe/Berlin', 'walk@example.com', '2031-06-02', 'EUR', 'en', '#336699', '123456', 'abc', 'Walk text'];

/** A value the schema would take, as far as a JSON schema says (refinements are not in it). */
function plausible(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return 'Walk text';
  const s = branch(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      return low !== undefined && low > 1 ? low : Math.min(1, s.maximum ?? 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, (_v, i) => {
        const item = plausible(s.items, name);
        // Distinct items where a list wants several (offered times an hour apart).
        return typeof item === 'string' && /^\d{4}-\d\d-\d\dT/.test(item) ? new Date(Date.parse(item) + i * 3_600_000).toISOString() : item;
      });
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = plausible(s.properties?.[key], key);
      return out;
    }
    default: {
      if (s.format === 'email' || /email/.test(name)) return 'walk@example.com';
      if (s.format === 'date-time') return '2031-06-02T10:00:00Z';
      if (s.format === 'date') return '2031-06-02';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com/walk';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const fits = (v: string) => (!s.pattern || new RegExp(s.pattern, 'u').test(v)) && v.length >= (s.minLength ?? 0);
      return candidates.find(fits) ?? 'Walk text'.padEnd(s.minLength ?? 0, '.');
    }
  }
}

/** The hostile values for a field of this schema. */
function hostileFor(schema: Schema | undefined): Hostile[] {
  const s = schema ? branch(schema) : {};
  if (s.enum?.length || s.const !== undefined) return enumValues;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return numberValues;
    case 'boolean':
      return booleanValues;
    case 'array':
      return listValues(plausible(s.items));
    case 'object':
      return objectValues;
    default:
      return s.format === 'date' || s.format === 'date-time' ? dateValues : textValues;
  }
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      out.push({
        method: method.toUpperCase() as Method,
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        json: content?.['application/json']?.schema,
        // An upload streamed by its route has no body schema; its description names multipart.
        hasBody: content !== undefined || /multipart/i.test(`${String(op.summary ?? '')} ${String(op.description ?? '')}`),
      });
    }
  }
  // Reads first, then writes, deletions and sign-outs last: a walk that deletes the company or
  // ends its own session first would leave the rest with nothing to reach.
  const rank = (o: Operation) => (/logout/.test(o.path) ? 4 : o.method === 'DELETE' ? 3 : o.method === 'GET' ? 1 : 2);
  return out.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

interface Call {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** A hostile body as a whole (not one field of a plausible one). */
  isWholeBody?: boolean;
}

/** The calls of one operation: each hostile value in its place, every other place plausible. */
function callsOf(op: Operation): Call[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathWith = (name?: string, raw?: string) =>
    pathParams.reduce((url, p) => url.replace(`{${p.name}}`, p.name === name ? raw! : '1'), op.path);
  const requiredQuery = queryParams
    .filter((p) => p.required)
    .map((p) => {
      const value = plausible(p.schema, p.name);
      return [p.name, encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))] as const;
    });
  const queryWith = (name?: string, raw?: string) => {
    const pairs = requiredQuery.filter(([n]) => n !== name).map(([n, v]) => `${n}=${v}`);
    if (name !== undefined) pairs.push(raw === undefined ? `${name}=1&${name}=2` : `${name}=${raw}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  };
  const body = op.json ? (plausible(op.json) as Record<string, unknown>) : undefined;
  const plainBody = body === undefined ? undefined : toJson(body);
  const call = (label: string, url: string, payload: string | Buffer | undefined = plainBody, contentType = 'application/json'): Call =>
    payload === undefined ? { label, url } : { label, url, payload, contentType };

  const calls: Call[] = [];
  for (const p of pathParams) {
    for (const [label, raw] of rawValues) calls.push(call(`path ${p.name}: ${label}`, pathWith(p.name, raw) + queryWith()));
  }
  for (const p of queryParams) {
    for (const [label, raw] of [...rawValues, longQuery]) {
      calls.push(call(`query ${p.name}: ${label}`, pathWith() + queryWith(p.name, raw)));
    }
    calls.push(call(`query ${p.name}: repeated`, pathWith() + queryWith(p.name)));
  }
  const url = pathWith() + queryWith();
  const fields = op.json ? (branch(op.json).properties ?? {}) : {};
  for (const [name, schema] of Object.entries(fields)) {
    for (const [label, value] of hostileFor(schema)) calls.push(call(`body ${name}: ${label}`, url, toJson({ ...body, [name]: value })));
  }
  if (op.hasBody) {
    for (const [label, payload, contentType] of hostileBodies) calls.push({ ...call(label, url, payload, contentType), isWholeBody: true });
  }
  // An operation that takes nothing still gets a wrong body, so every operation is called.
  if (!calls.length) calls.push(call('a list body', url, '[]'));
  return calls;
}

let t: TestApp;
const callers: Array<{ kind: string; headers: Record<string, string> }> = [];
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  // Row 1 of each table is something to reach: `{id}` is 1 wherever a value is plausible. User 1 is a
  // spare person, so what an administrator's write does to user 1 touches none of the callers.
  await createUser(t.db, { role: 'jobseeker', fullName: 'Spare Person' });
  const seeker = await signedInUser(t, { role: 'jobseeker' });
  const employer = await employerWithJob(t);
  const admin = await signedInUser(t, { role: 'admin' });
  const resume = await storedResume(t, seeker.user);
  const application = await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  await createInterview(t.db, {
    applicationId: application.id,
    interviewerId: employer.user.id,
    scheduledTime: new Date(Date.now() + 30 * 86_400_000),
  });
  await createChatRoom(t.db, { jobseekerId: seeker.user.id, companyId: employer.company.id, employerId: employer.user.id });
  // The employer comes last: its deletions (its jobs, its company) would leave the others less to reach.
  callers.push(
    { kind: 'anonymous', headers: {} },
    { kind: 'admin', headers: bearer(admin.token) },
    { kind: 'job seeker', headers: bearer(seeker.token) },
    { kind: 'employer owner', headers: bearer(employer.token) },
  );
  const doc = await t.app.inject({ url: '/api/openapi.json' });
  operations = operationsOf(doc.json());
});
afterAll(() => t?.close());

describe('the OpenAPI walk', () => {
  it('reaches every operation', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it.each(['anonymous', 'admin', 'job seeker', 'employer owner'])(
    'answers every hostile call of a caller who is %s with a JSON error below 500',
    async (kind) => {
      const caller = callers.find((c) => c.kind === kind)!;
      const problems: string[] = [];
      /** Calls a hostile value got through (2xx): the walk reaches services and the database, not only the schemas. */
      const passed: string[] = [];
      for (const op of operations) {
        const calls = callsOf(op);
        let isRefusedAtDoor = false;
        for (const [index, c] of calls.entries()) {
          // A caller the route's role check refuses (before any input is read) gets the same answer
          // whatever the fields hold: the whole hostile bodies show that, the fields add nothing.
          if (isRefusedAtDoor && !c.isWholeBody) continue;
          const res = await t.app.inject({
            method: op.method,
            url: c.url,
            headers: { ...caller.headers, ...(c.contentType && { 'content-type': c.contentType }) },
            ...(c.payload !== undefined && { payload: c.payload }),
          });
          const where = `${op.method} ${op.path} (${c.label})`;
          if (index === 0) isRefusedAtDoor = refusedAtDoor(res.statusCode, res.body);
          if (res.statusCode < 300) passed.push(where);
          if (res.statusCode >= 500) {
            problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          } else if (res.statusCode >= 400) {
            if (!isApiError(res.headers['content-type'], res.body)) {
              problems.push(`${where}: ${res.statusCode} is not an API error ({ detail, code }): ${res.body.slice(0, 200)}`);
            }
          }
        }
      }
      expect(problems, `${problems.length} hostile calls answered wrongly`).toEqual([]);
      if (kind !== 'anonymous') expect(passed.filter((call) => /^(POST|PUT|PATCH) /.test(call)).length).toBeGreaterThan(0);
    },
    120_000,
  );
});

/** The role check's answer (lib/access.ts), given before the request's input is read. */
function refusedAtDoor(status: number, body: string): boolean {
  if (status !== 401 && status !== 403) return false;
  const { code, detail } = JSON.parse(body) as { code?: string; detail?: string };
  return code === 'not_authenticated' || (code === 'permission_denied' && detail === 'Your account is not allowed to do that.');
}

/** An answer in the API's error shape: JSON with a `detail` and one of the error codes. */
function isApiError(contentType: unknown, body: string): boolean {
  if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) return false;
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; code?: unknown };
    return typeof parsed.detail === 'string' && typeof parsed.code === 'string' && parsed.code in errorStatus;
  } catch {
    return false;
  }
}
