/**
 * The iCalendar (RFC 5545) text of the invites we send, each kind of value written by its own rule:
 * TEXT escaped (§3.3.11), parameter values quoted and caret-encoded (§3.2, RFC 6868), URIs as URIs
 * (§3.3.13), lines folded at 75 octets (§3.1). A library we used before escaped a parameter's double
 * quote with a backslash (no escape there: a strict reader saw an extra ROLE and a second address)
 * and a URL as TEXT (which broke links holding ',' or ';').
 */

/** One content line: its name, its parameters (raw values, encoded here) and its value, already written by one of the value rules below. */
export interface ContentLine {
  name: string;
  params?: ReadonlyArray<readonly [name: string, value: string]>;
  value: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what these look for
const controls = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const lineBreak = /\r\n|\r|\n/g;

/** A TEXT value: backslash, ';' and ',' escaped, a line break as \n; other control characters (no TEXT may hold them) become spaces. */
export const textValue = (value: string): string =>
  value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(lineBreak, '\\n')
    .replace(controls, ' ');

/**
 * A parameter value (a name in CN). A double quote cannot appear in one, quoted or not, and no
 * backslash escapes it: it is caret-encoded by RFC 6868 (" as ^', a line break as ^n, ^ as ^^), which
 * keeps the name whole for readers that know RFC 6868 (Apple's, Mozilla's) and shows ^' at worst in
 * those that do not. The value is quoted when it holds ':', ';' or ','.
 */
export function paramValue(value: string): string {
  const encoded = value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(lineBreak, '^n').replace(controls, ' ');
  return /[:;,]/.test(encoded) ? `"${encoded}"` : encoded;
}

/** Characters a URI (RFC 3986) cannot hold as they are, and a '%' that starts no %XX. */
const notInUri = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})/gu;

/**
 * A URI value (URL, an address's mailto:): written as it is, never escaped as TEXT, so ',' and ';'
 * stay what they are in the link. What a URI cannot hold (a space, a quote, a letter outside ASCII,
 * a stray '%') is percent-encoded as UTF-8, as a browser does with the same link.
 */
export const uriValue = (value: string): string =>
  value.replace(notInUri, (c) =>
    [...Buffer.from(c, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

/** A UTC DATE-TIME (`20310602T080000Z`). */
export const utcValue = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Folds a line into lines of at most 75 octets, each continuation starting with a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One content line, folded. Parameter names and the property name are ours (letters, digits, '-'), never a caller's text. */
export function contentLine({ name, params = [], value }: ContentLine): string {
  return fold(`${name}${params.map(([key, v]) => `;${key}=${paramValue(v)}`).join('')}:${value}`);
}

/** A calendar object: its lines joined by CRLF, with the closing CRLF RFC 5545 asks for. */
export const calendarText = (lines: ContentLine[]): string => lines.map(contentLine).join('\r\n') + '\r\n';
