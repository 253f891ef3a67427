import { describe, expect, it } from 'vitest';
import { utcToZoned, zonedTimeToUtc } from './zoned-time';

describe('zoned time', () => {
  it('turns a wall-clock time in a zone into the instant, on both sides of a daylight-saving change', () => {
    expect(zonedTimeToUtc('2031-06-02', '10:00', 'Europe/Berlin').toISOString()).toBe('2031-06-02T08:00:00.000Z');
    expect(zonedTimeToUtc('2031-03-29', '10:00', 'Europe/Berlin').toISOString()).toBe('2031-03-29T09:00:00.000Z');
    expect(zonedTimeToUtc('2031-03-31', '10:00', 'Europe/Berlin').toISOString()).toBe('2031-03-31T08:00:00.000Z');
    expect(zonedTimeToUtc('2031-11-03', '09:30', 'America/New_York').toISOString()).toBe('2031-11-03T14:30:00.000Z');
    expect(zonedTimeToUtc('2031-06-02', '10:00', 'UTC').toISOString()).toBe('2031-06-02T10:00:00.000Z');
  });

  it('reads an instant back as the wall clock of a zone', () => {
    expect(utcToZoned('2031-06-02T08:00:00Z', 'Europe/Berlin')).toEqual({ date: '2031-06-02', time: '10:00' });
    expect(utcToZoned('2031-06-02T23:30:00Z', 'Asia/Tokyo')).toEqual({ date: '2031-06-03', time: '08:30' });
  });
});
