import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarText, textValue, uriValue } from './icalendar';

/** One event with an attendee named `name`, a URL and a summary, read back by ical.js (a strict reader). */
function roundTrip({
  name = 'Ada',
  url = 'https://example.com/',
  summary = 'Interview',
}: {
  name?: string;
  url?: string;
  summary?: string;
}) {
  const text = calendarText([
    { name: 'BEGIN', value: 'VCALENDAR' },
    { name: 'VERSION', value: '2.0' },
    { name: 'PRODID', value: textValue('-//Test//EN') },
    { name: 'BEGIN', value: 'VEVENT' },
    { name: 'UID', value: 'walk@example.com' },
    { name: 'DTSTAMP', value: '20310602T080000Z' },
    { name: 'SUMMARY', value: textValue(summary) },
    { name: 'URL', params: [['VALUE', 'URI']], value: uriValue(url) },
    {
      name: 'ATTENDEE',
      params: [
        ['ROLE', 'REQ-PARTICIPANT'],
        ['CN', name],
      ],
      value: uriValue('mailto:ada@example.com'),
    },
    { name: 'END', value: 'VEVENT' },
    { name: 'END', value: 'VCALENDAR' },
  ]);
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const attendees = vevent.getAllProperties('attendee');
  return {
    text,
    cn: attendees[0]!.getParameter('cn'),
    role: attendees[0]!.getParameter('role'),
    attendees: attendees.length,
    url: vevent.getFirstPropertyValue('url'),
    summary: vevent.getFirstPropertyValue('summary'),
  };
}

describe('the iCalendar writer', () => {
  it.each([
    `Dana "DJ" O'Neil; ROLE=CHAIR`,
    'Lee, Sam: "Boss"',
    'caret ^ and ^^ and ^n stay as they are',
    'back\\slash',
    '"',
    'Zoë Ünal 山田',
  ])('keeps the name %j whole in one CN', (name) => {
    const read = roundTrip({ name });
    expect(read).toMatchObject({ cn: name, role: 'REQ-PARTICIPANT', attendees: 1 });
  });

  it('writes a line break in a name as ^n (RFC 6868)', () => {
    const read = roundTrip({ name: 'Ada\nLovelace' });
    expect(read.cn).toBe('Ada\nLovelace');
    expect(read.text).toContain('CN=Ada^nLovelace:');
  });

  it('writes a link with , ; & as it is, and percent-encodes what a URI cannot hold', () => {
    expect(roundTrip({ url: 'https://meet.example.com/a,b;c?x=1&y=2' }).url).toBe('https://meet.example.com/a,b;c?x=1&y=2');
    expect(uriValue('https://example.com/a b/ü?q="x"<>\\^`{|}')).toBe('https://example.com/a%20b/%C3%BC?q=%22x%22%3C%3E%5C%5E%60%7B%7C%7D');
    expect(uriValue('https://example.com/100%/%41')).toBe('https://example.com/100%25/%41');
    expect(uriValue('https://example.com/\ud800')).toBe('https://example.com/%EF%BF%BD');
  });

  it('escapes TEXT and folds long lines at 75 octets without splitting a character', () => {
    const summary = `Ünïcödé, "quoted"; back\\slash\nnext line ${'é'.repeat(80)}`;
    const read = roundTrip({ summary });
    expect(read.summary).toBe(summary);
    for (const line of read.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(read.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
