import { expect } from 'chai';
import { describe, it } from 'mocha';
import { attachmentType, FILE_NAME_MAX, fitFileName, opensInNewTab } from './files';

describe('chat: attachment rules', () => {
  it('makes an image message when the MIME type contains image', () => {
    expect(attachmentType('image/png')).to.equal('image');
    expect(attachmentType('IMAGE/JPEG')).to.equal('image');
    expect(attachmentType('image/svg+xml')).to.equal('image');
    expect(attachmentType('application/pdf')).to.equal('file');
    expect(attachmentType('')).to.equal('file');
  });

  it('keeps names of up to 100 characters as they are', () => {
    const name = `${'a'.repeat(96)}.txt`;
    expect(fitFileName(name)).to.equal(name);
    expect(fitFileName('議事録.pdf')).to.equal('議事録.pdf');
  });

  it('shortens longer names to 100 characters, keeping the extension', () => {
    const fitted = fitFileName(`${'報'.repeat(150)}.xlsx`);
    expect(Array.from(fitted)).to.have.length(FILE_NAME_MAX);
    expect(fitted.endsWith('….xlsx')).to.equal(true);
    const noExtension = fitFileName('x'.repeat(200));
    expect(Array.from(noExtension)).to.have.length(FILE_NAME_MAX);
    expect(noExtension.endsWith('x…')).to.equal(true);
  });

  it('counts characters outside the BMP once and never splits them', () => {
    const fitted = fitFileName(`${'😀'.repeat(120)}.png`);
    expect(Array.from(fitted)).to.have.length(FILE_NAME_MAX);
    expect(fitted).to.not.include('\ufffd');
  });

  it('replaces path separators and control characters', () => {
    expect(fitFileName('../../etc/passwd')).to.equal('.._.._etc_passwd');
    expect(fitFileName('a\\b\u0000c.txt')).to.equal('a_b_c.txt');
    expect(fitFileName('   ')).to.equal('file');
  });

  it('opens only PDFs in a new tab', () => {
    expect(opensInNewTab('minutes.pdf')).to.equal(true);
    expect(opensInNewTab('MINUTES.PDF')).to.equal(true);
    expect(opensInNewTab('scan', 'application/pdf')).to.equal(true);
    expect(opensInNewTab('scan', 'application/pdf; charset=binary')).to.equal(true);
    expect(opensInNewTab('minutes.pdf.zip')).to.equal(false);
    expect(opensInNewTab('photo.png', 'image/png')).to.equal(false);
    expect(opensInNewTab('notes.txt')).to.equal(false);
  });
});
