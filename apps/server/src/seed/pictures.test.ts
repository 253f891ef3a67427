import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../modules/files/file-types';
import { makeAvatarPng, makeLogoPng } from './pictures';

const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('demo pictures', () => {
  it('draws a portrait per name: a PNG the upload rules accept, the same every time, another for another name', () => {
    const jordan = makeAvatarPng('Jordan Lee');
    expect(sniffImageType(jordan)).toBe('image/png');
    expect(sizeOf(jordan)).toEqual([256, 256]);
    expect(makeAvatarPng('Jordan Lee').equals(jordan)).toBe(true);
    expect(makeAvatarPng('Grace Okafor').equals(jordan)).toBe(false);
    // A real picture, not a plain square: far more than a flat colour compresses to.
    expect(jordan.length).toBeGreaterThan(8_000);
    expect(jordan.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('draws a logo per name, or per variant, as a PNG of the asked size', () => {
    const logo = makeLogoPng('Northwind Labs', { size: 128 });
    expect(sniffImageType(logo)).toBe('image/png');
    expect(sizeOf(logo)).toEqual([128, 128]);
    expect(makeLogoPng('Northwind Labs', { size: 128 }).equals(logo)).toBe(true);
    const variants = new Set(Array.from({ length: 10 }, (_, i) => makeLogoPng('Same name', { size: 64, variant: i }).toString('base64')));
    expect(variants.size).toBe(10);
  });
});
