import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makeZip } from '../../seed/documents';
import { cleanFileName, sniffDocumentType, sniffImageType, zipEntryNames } from './file-types';
import { attachmentDisposition } from './files.serve';

describe('file checks by content', () => {
  it('knows PDF and DOCX by their bytes, and nothing else', () => {
    expect(sniffDocumentType(makePdf('A', ['b']))).toBe('application/pdf');
    expect(sniffDocumentType(makeDocx(['Hello']))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    // A ZIP that is not a Word file, an XLSX-like one, a truncated one, an executable, text.
    expect(sniffDocumentType(makeZip([{ name: 'a.txt', data: 'x' }]))).toBeUndefined();
    expect(
      sniffDocumentType(
        makeZip([
          { name: '[Content_Types].xml', data: '<x/>' },
          { name: 'xl/workbook.xml', data: '<x/>' },
        ]),
      ),
    ).toBeUndefined();
    expect(sniffDocumentType(makeDocx(['Hello']).subarray(0, 200))).toBeUndefined();
    expect(sniffDocumentType(Buffer.from('MZ\x90\x00'))).toBeUndefined();
    expect(sniffDocumentType(Buffer.from('just some text'))).toBeUndefined();
    expect(sniffDocumentType(Buffer.alloc(0))).toBeUndefined();
    expect(sniffImageType(makePdf('A', []))).toBeUndefined();
  });

  it('reads ZIP directory names, and gives up on corrupt directories instead of throwing', () => {
    expect(zipEntryNames(makeDocx(['x']))).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const zip = makeZip([{ name: 'word/a.xml', data: 'x' }]);
    const corrupt = Buffer.from(zip);
    corrupt.writeUInt32LE(0xffffff, corrupt.length - 6); // directory offset far past the end
    expect(zipEntryNames(corrupt)).toBeUndefined();
    const lying = Buffer.from(zip);
    lying.writeUInt16LE(500, lying.length - 12); // more entries than the directory holds
    expect(zipEntryNames(lying)).toBeUndefined();
    expect(zipEntryNames(Buffer.from('PK\x05\x06'))).toBeUndefined();
  });

  it('cleans file names: no folders, no control or reserved characters, the real extension, bounded length', () => {
    expect(cleanFileName('C:\\Users\\me\\My CV.PDF', 'pdf')).toBe('My CV.pdf');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('evil.exe', 'pdf')).toBe('evil.pdf');
    expect(cleanFileName('a\u0000b\u202ec<d>|e?.docx', 'docx')).toBe('abcde.docx');
    expect(cleanFileName('...', 'pdf', 'resume')).toBe('resume.pdf');
    expect(cleanFileName(undefined, 'png', 'photo')).toBe('photo.png');
    expect(cleanFileName(`${'é'.repeat(300)}.pdf`, 'pdf')).toBe(`${'é'.repeat(100)}.pdf`);
    expect(attachmentDisposition('Lebenslauf Müller.pdf')).toBe(
      `attachment; filename="Lebenslauf M_ller.pdf"; filename*=UTF-8''Lebenslauf%20M%C3%BCller.pdf`,
    );
    // RFC 5987 leaves no room for ' ( ) * in filename*; quotes, backslashes and % never reach the quoted name.
    expect(attachmentDisposition(`it's (my) "cv"*\\100%.pdf`)).toBe(
      `attachment; filename="it's (my) _cv_*_100_.pdf"; filename*=UTF-8''it%27s%20%28my%29%20%22cv%22%2A%5C100%25.pdf`,
    );
  });
});
