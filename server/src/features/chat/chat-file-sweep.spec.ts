import { expect } from 'chai';
import { uploadFate } from './chat-file-sweep';

const DAY = 24 * 3600_000;
const now = new Date('2026-06-01T00:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const upload = (messageId: number | null, ageMs: number, expiredAt: Date | null = null) => ({
  messageId,
  createdAt: ago(ageMs),
  expiredAt,
});

describe('chat upload fate (the sweep’s rule)', () => {
  it('expires a sent file past its retention and keeps a younger one', () => {
    expect(uploadFate(upload(7, 31 * DAY), now, 30)).to.equal('expire');
    expect(uploadFate(upload(7, 29 * DAY), now, 30)).to.equal('keep');
  });

  it('keeps sent files for good with a retention of 0', () => {
    expect(uploadFate(upload(7, 3650 * DAY), now, 0)).to.equal('keep');
  });

  it('drops an upload never sent (or stuck mid-send) after a day, not before', () => {
    expect(uploadFate(upload(null, DAY + 1), now, 30)).to.equal('drop');
    expect(uploadFate(upload(0, DAY + 1), now, 30)).to.equal('drop');
    expect(uploadFate(upload(null, DAY - 1), now, 30)).to.equal('keep');
  });

  it('settles a row whose file is gone once past the hour of grace', () => {
    expect(uploadFate(upload(7, 2 * 3600_000), now, 30, false)).to.equal('expire');
    expect(uploadFate(upload(null, 2 * 3600_000), now, 30, false)).to.equal('drop');
    expect(uploadFate(upload(7, 10 * 60_000), now, 30, false)).to.equal('keep');
  });

  it('never touches one already expired', () => {
    expect(uploadFate(upload(7, 400 * DAY, ago(DAY)), now, 30, false)).to.equal('keep');
  });
});
