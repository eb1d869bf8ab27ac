import { expect } from 'chai';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HttpTranscriptEngine } from './http-engine';

/**
 * The Whisper-compatible engine against a real HTTP server on loopback that answers as whisper.cpp's server
 * and faster-whisper servers do (`/v1/audio/transcriptions`, multipart, `verbose_json`).
 */
describe('transcripts: a Whisper-compatible speech recognition server (TRANSCRIPT_ENGINE=http)', () => {
  let server: http.Server;
  let url = '';
  const asked: { path: string; auth?: string; fields: Record<string, string> }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'whisper-')), 'talk.wav');

  /** The text fields of a multipart body (the file part is skipped). */
  const fieldsOf = (body: string) =>
    Object.fromEntries(
      [...body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map((m) => [m[1]!, m[2]!] as [string, string]),
    );

  before(async () => {
    fs.writeFileSync(wav, Buffer.alloc(3200, 1));
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        asked.push({
          path: req.url ?? '',
          auth: req.headers.authorization,
          fields: fieldsOf(Buffer.concat(chunks).toString('latin1')),
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => server.close());
  beforeEach(() => (asked.length = 0));

  it('one configured language (ja) is told to the server; its segments come back in milliseconds', async () => {
    answer = {
      status: 200,
      body: {
        text: 'おはようございます。本日の議題です。',
        segments: [
          { start: 0, end: 1.52, text: ' おはようございます。' },
          { start: 1.52, end: 3.2, text: '本日の議題です。 ' },
          { start: 3.2, end: 3.4, text: '  ' },
        ],
      },
    };
    const engine = new HttpTranscriptEngine({ url, apiKey: 'k-1', model: 'large-v3', languages: ['ja'] });
    expect(await engine.transcribe(wav)).to.deep.equal([
      { startMs: 0, endMs: 1520, text: 'おはようございます。' },
      { startMs: 1520, endMs: 3200, text: '本日の議題です。' },
    ]);
    expect(asked).to.have.length(1);
    expect(asked[0]!.path).to.equal('/v1/audio/transcriptions');
    expect(asked[0]!.auth).to.equal('Bearer k-1');
    expect(asked[0]!.fields).to.include({ model: 'large-v3', response_format: 'verbose_json', language: 'ja' });
  });

  it('several languages: the server detects the language itself; an answer with text only is one segment', async () => {
    answer = { status: 200, body: { text: ' Good morning. ', duration: 2.5 } };
    const engine = new HttpTranscriptEngine({ url, model: 'whisper-1', languages: ['ja', 'en'] });
    expect(await engine.transcribe(wav)).to.deep.equal([{ startMs: 0, endMs: 2500, text: 'Good morning.' }]);
    expect(asked[0]!.fields).not.to.have.property('language');
    expect(asked[0]!.auth).to.equal(undefined);
  });

  it('a refusal or an answer without text is a failure (the transcript is marked failed, not empty)', async () => {
    const engine = new HttpTranscriptEngine({ url, model: 'whisper-1', languages: ['ja'] });
    answer = { status: 503, body: { error: 'busy' } };
    let error = await engine.transcribe(wav).catch((e: unknown) => e as Error);
    expect(String(error)).to.contain('answered 503');
    answer = { status: 200, body: { segments: [] } };
    error = await engine.transcribe(wav).catch((e: unknown) => e as Error);
    expect(String(error)).to.contain('no text');
  });
});
