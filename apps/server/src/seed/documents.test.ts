import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makePdf, makePng } from './documents';

describe('documents made in code', () => {
  it('makes a well-formed PDF: the cross-reference table points at each object, stream lengths are right', () => {
    for (const padTo of [undefined, 1024 * 1024]) {
      const pdf = makePdf('Jordan (Lee)', ['Line one', 'Ümlaut and \\ backslash'], { padTo });
      const text = pdf.toString('latin1');
      if (padTo) expect(pdf.length).toBeGreaterThan(padTo - 300);
      expect(text.startsWith('%PDF-1.4\n')).toBe(true);
      expect(text.endsWith('%%EOF\n')).toBe(true);
      const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
      expect(text.slice(startxref, startxref + 4)).toBe('xref');
      const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(entries).toHaveLength(5);
      entries.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
      const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!;
      expect(Buffer.byteLength(stream[2]!, 'latin1')).toBe(Number(stream[1]));
      expect(stream[2]).toContain('(Jordan \\(Lee\\))');
      expect(stream[2]).toContain('(?mlaut and \\\\ backslash)');
    }
  });

  it('makes a PNG whose pixel data inflates to the right size', () => {
    const png = makePng(4, 3, [10, 20, 30]);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString()).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(3 * (1 + 4 * 3));
  });
});
