import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Request, Response } from 'express';
import { ExtractiveSummariser, sentencesOf, wordsOf } from './minutes/summariser';
import { RecordingProcessing, speakerAt, type ProcessingDeps } from './recording-processing';
import { probeStreamEnds } from './ffmpeg-tools';
import { captureArgs, renderArgs, segmentSdp } from './segment-sdp';
import { MAX_AUDIO_INPUTS, recordedInputs } from './recorded-inputs';
import { parsePocketsphinx } from './transcript/pocketsphinx';
import { JobQueue } from './recording-jobs';
import { linkHolder, LINK_TTL_S, mintLink as mintLinkFor } from './recording-links';
import { createLogger } from '../../lib/logger';

const run = promisify(execFile);

describe('recordings: the pieces', () => {
  it('parses pocketsphinx timings into utterances (fillers and alternate pronunciations cleaned)', () => {
    const out = [
      'please send the report',
      '<s> 0.130 0.160 0.999800',
      'please 0.170 0.530 0.999800',
      '<sil> 0.540 0.600 0.9',
      'send 0.610 0.880 0.854689',
      'the(2) 0.890 0.980 0.234648',
      '[NOISE] 0.990 1.000 0.5',
      'report 1.490 1.910 0.634795',
      '</s> 3.190 3.450 1.000000',
      'team',
      '<s> 4.930 5.000 1.000000',
      'team 5.010 5.330 1.000000',
      '</s> 7.940 8.250 1.000000',
    ].join('\n');
    expect(parsePocketsphinx(out)).to.deep.equal([
      { startMs: 170, endMs: 1910, text: 'please send the report' },
      { startMs: 5010, endMs: 5330, text: 'team' },
    ]);
    expect(parsePocketsphinx('')).to.deep.equal([]);
    // a pause of a second or more inside one utterance ends the line (each sentence gets its own speaker)
    const joined = ['<s> 0.100 0.200 1', 'send 0.210 0.500 1', 'it 0.510 0.800 1', 'the 2.100 2.300 1'];
    expect(parsePocketsphinx([...joined, 'office 2.310 2.900 1', '</s> 3.000 3.100 1'].join('\n'))).to.deep.equal([
      { startMs: 210, endMs: 800, text: 'send it' },
      { startMs: 2100, endMs: 2900, text: 'the office' },
    ]);
  });

  it('splits Japanese and English sentences and words with Intl.Segmenter', () => {
    expect(sentencesOf('新製品を決定しました。報告書を送ってください。')).to.deep.equal([
      '新製品を決定しました。',
      '報告書を送ってください。',
    ]);
    expect(sentencesOf('We agreed. Send it by Friday.')).to.deep.equal(['We agreed.', 'Send it by Friday.']);
    expect(wordsOf('We will send the report')).to.deep.equal(['send', 'report']);
    expect(wordsOf('報告書を送って')).to.include('報告書');
  });

  it('summarises by word scores, and finds decisions and action items in both languages', async () => {
    const minutes = await new ExtractiveSummariser().summarise([
      'The launch plan was discussed with the launch team.',
      'We decided to move the launch to May.',
      'Lunch was nice.',
      'Please send the launch checklist by Friday.',
      '予算について話しました。',
      '来月の予算を承認しました。',
      '田中さんは予算表を金曜日までに送ってください。',
    ]);
    expect(minutes.summary).to.have.length(3);
    expect(minutes.summary).to.include('The launch plan was discussed with the launch team.');
    expect(minutes.summary).not.to.include('Lunch was nice.');
    expect(minutes.decisions).to.deep.equal(['We decided to move the launch to May.', '来月の予算を承認しました。']);
    expect(minutes.actionItems).to.deep.equal([
      'Please send the launch checklist by Friday.',
      '田中さんは予算表を金曜日までに送ってください。',
    ]);
    expect(await new ExtractiveSummariser().summarise([])).to.deep.equal({
      summary: [],
      decisions: [],
      actionItems: [],
    });
  });

  it("posts the minutes under the room's name: a room key in the starter's language, a host's name as it is", async () => {
    const posted = async (roomName: string, locale: string) => {
      const rec = {
        id: 5,
        roomId: 3,
        floorId: 2,
        startedBy: 7,
        roomName,
        transcriptStatus: 'ready',
        transcript: JSON.stringify([{ startMs: 0, endMs: 1000, text: 'We decided to ship on Friday.', speakerId: 7 }]),
        update: async () => rec,
      };
      const html: string[] = [];
      const deps = {
        models: {
          Recording: { findByPk: async () => rec },
          User: { findByPk: async () => ({ id: 7, locale }) },
        },
        logger: { warn: () => undefined, info: () => undefined },
        minutesEngine: {
          name: 'fake',
          summarise: async () => ({ summary: ['Ship on Friday.'], decisions: [], actionItems: [] }),
        },
        postToRoom: async (_room: number, _user: number, message: string) => (html.push(message), true),
        publicUrl: () => 'http://tsudoi.test',
      } as unknown as ProcessingDeps;
      await new RecordingProcessing(deps).minutes(rec.id);
      return /^<p><b>[^<]+<\/b> — ([^<]*)<\/p>/.exec(html[0] ?? '')?.[1];
    };
    expect(await posted('tableB', 'en')).to.equal('Table B');
    expect(await posted('tableB', 'ja')).to.equal('テーブルB');
    expect(await posted('Sales & Co', 'en')).to.equal('Sales &amp; Co');
    expect(await posted('Sales room', 'ja')).to.equal('Sales room');
  });

  it('names the speaker of a stretch only when one microphone was live', () => {
    const segments = [
      { offsetMs: 0, durationMs: 5000, speakers: [7] },
      { offsetMs: 5000, durationMs: 5000, speakers: [7, 8] },
      { offsetMs: 10000, durationMs: 5000, speakers: [8] },
    ];
    expect(speakerAt(segments, 1000, 2000)).to.equal(7);
    expect(speakerAt(segments, 6000, 7000)).to.equal(null);
    expect(speakerAt(segments, 11000, 12000)).to.equal(8);
  });

  it('writes one m-line per consumer and fills a missing picture or sound, so every segment has both streams', () => {
    const opus = {
      mimeType: 'audio/opus',
      payloadType: 100,
      clockRate: 48000,
      channels: 2,
      parameters: { useinbandfec: 1 },
    };
    const vp8 = { mimeType: 'video/VP8', payloadType: 101, clockRate: 90000, parameters: {} };
    const inputs = [
      { kind: 'audio' as const, port: 20000, payloadType: 100, codec: opus },
      { kind: 'audio' as const, port: 20002, payloadType: 100, codec: opus },
      { kind: 'video' as const, port: 20004, payloadType: 101, codec: vp8 },
    ];
    const sdp = segmentSdp(inputs);
    expect(sdp).to.contain('m=audio 20000 RTP/AVP 100\r\na=rtpmap:100 opus/48000/2\r\na=fmtp:100 useinbandfec=1');
    expect(sdp).to.contain('m=video 20004 RTP/AVP 101\r\na=rtpmap:101 VP8/90000');
    const capture = captureArgs('x.sdp', inputs, 'seg.mkv').join(' ');
    // one-second clusters written out at once: a killed process's capture reads to its last second
    expect(capture)
      .to.contain('-f sdp -i x.sdp -map 0 -c copy -cluster_time_limit 1000 -flush_packets 1 -f matroska -y seg.mkv')
      .and.not.contain('libvpx');
    expect(captureArgs('x.sdp', [], 'seg.mkv').join(' '))
      .to.contain('anullsrc')
      .and.not.contain('x.sdp');
  });

  it('renders captured segments to VP8 640x360 + Opus: two microphones mixed, and a room without media as black and silence', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-spec-'));
    const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args]);
    const probe = async (file: string) => {
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height,channels'],
        ...['-of', 'json', file],
      ]);
      const json = JSON.parse(stdout) as { format: { duration: string }; streams: Record<string, unknown>[] };
      return { seconds: Number(json.format.duration), streams: json.streams };
    };
    try {
      // what the capture holds in a room of two microphones and a 4:3 camera (streams as they came)
      const two = path.join(dir, 'two.mkv');
      await ffmpeg([
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-f', 'lavfi'],
        ...['-i', 'sine=frequency=880:sample_rate=48000', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=30'],
        ...['-t', '2', '-map', '0', '-map', '1', '-map', '2', '-c:a', 'libopus', '-c:v', 'libvpx', '-y', two],
      ]);
      const out = path.join(dir, 'two.webm');
      await ffmpeg(renderArgs(two, { audio: 2, video: true }, 2000, out).slice(4));
      const rendered = await probe(out);
      expect(rendered.seconds).to.be.closeTo(2, 0.15);
      expect(rendered.streams).to.deep.include.members([
        { codec_name: 'vp8', width: 640, height: 360 },
        { codec_name: 'opus', channels: 2 },
      ]);
      // both tones are in the mix
      const { stderr } = await run('ffmpeg', [
        ...['-hide_banner', '-i', out, '-af', 'bandpass=f=880:width_type=q:w=8,volumedetect', '-f', 'null', '-'],
      ]);
      expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1])).to.be.greaterThan(-40);

      const empty = path.join(dir, 'empty.mkv');
      await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '1.5', '-c:a', 'pcm_s16le', '-y', empty]);
      const black = path.join(dir, 'empty.webm');
      await ffmpeg(renderArgs(empty, { audio: 0, video: false }, 1500, black).slice(4));
      const silent = await probe(black);
      expect(silent.seconds).to.be.closeTo(1.5, 0.15);
      expect(silent.streams.map((s) => s.codec_name).sort()).to.deep.equal(['opus', 'vp8']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('places the sound at its arrival times: a late start and DTX pauses (no packets) stay silence, so sound and picture end together', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-dtx-'));
    const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args]);
    // the capture a browser's microphone gives with Opus DTX: nothing in 0–1 s (joined late), sound in
    // 1–2 s, nothing in 2–3.5 s (a pause: no packets), sound in 3.5–4.5 s, nothing up to the end at 6 s
    const capture = path.join(dir, 'dtx.mkv');
    await ffmpeg([
      ...['-copyts', '-f', 'lavfi', '-i'],
      "sine=frequency=440:sample_rate=48000:duration=6,asetnsamples=n=960,aselect='between(t,1,2)+between(t,3.5,4.5)'",
      ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=30:d=6', '-map', '0', '-map', '1'],
      ...['-c:a', 'libopus', '-c:v', 'libvpx', '-f', 'matroska', '-y', capture],
    ]);
    const volume = async (file: string, from: number, to: number) => {
      const { stderr } = await run('ffmpeg', [
        ...['-hide_banner', '-ss', String(from), '-t', String(to - from), '-i', file],
        ...['-vn', '-af', 'volumedetect', '-f', 'null', '-'],
      ]);
      return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -100);
    };
    try {
      const out = path.join(dir, 'dtx.webm');
      await ffmpeg(renderArgs(capture, { audio: 1, video: true }, 6000, out).slice(4));
      const ends = await probeStreamEnds(out);
      expect(ends.video, 'picture ends (ms)').to.be.closeTo(6000, 150);
      expect(ends.audio, 'sound ends (ms)').to.be.closeTo(6000, 150);
      // each stretch where it was said, the pauses silent
      expect(await volume(out, 0.1, 0.9), 'before the first words').to.be.lessThan(-60);
      expect(await volume(out, 1.1, 1.9), 'first words').to.be.greaterThan(-30);
      expect(await volume(out, 2.2, 3.3), 'the pause').to.be.lessThan(-60);
      expect(await volume(out, 3.6, 4.4), 'second words').to.be.greaterThan(-30);
      expect(await volume(out, 4.7, 5.8), 'the quiet end').to.be.lessThan(-60);

      // two microphones, one joined late: each where it came in the mix
      const two = path.join(dir, 'two.mkv');
      await ffmpeg([
        ...['-copyts', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2,asetnsamples=n=960'],
        ...['-f', 'lavfi', '-i'],
        "sine=frequency=880:sample_rate=48000:duration=4,asetnsamples=n=960,aselect='gte(t,3)'",
        ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:r=30:d=4', '-map', '0', '-map', '1', '-map', '2'],
        ...['-c:a', 'libopus', '-c:v', 'libvpx', '-f', 'matroska', '-y', two],
      ]);
      const mixed = path.join(dir, 'two.webm');
      await ffmpeg(renderArgs(two, { audio: 2, video: true }, 4000, mixed).slice(4));
      const mixedEnds = await probeStreamEnds(mixed);
      expect(mixedEnds.audio, 'mixed sound ends (ms)').to.be.closeTo(4000, 150);
      expect(await volume(mixed, 2.2, 2.8), 'between the two').to.be.lessThan(-60);
      expect(await volume(mixed, 3.2, 3.8), 'the late one').to.be.greaterThan(-30);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("records the stage's speakers first: their microphones before a full audience's, their picture before an audience camera", () => {
    let n = 0;
    const producer = (userId: number, source: 'mic' | 'camera' | 'screen', state: { paused?: boolean } = {}) =>
      ({
        id: `p${++n}`,
        kind: source === 'mic' ? 'audio' : 'video',
        closed: false,
        paused: state.paused ?? false,
        appData: { userId, source },
      }) as unknown as Parameters<typeof recordedInputs>[0][number];
    const audience = Array.from({ length: MAX_AUDIO_INPUTS + 2 }, (_, i) => producer(100 + i, 'mic'));
    const audienceCamera = producer(100, 'camera');
    const speakerCamera = producer(1, 'camera');
    const speakerMic = producer(1, 'mic');
    const muted = producer(2, 'mic', { paused: true });
    const all = [...audience, audienceCamera, speakerCamera, speakerMic, muted];
    const staged = recordedInputs(all, new Set([1, 2]), new Set());
    expect(staged.audio).to.have.length(MAX_AUDIO_INPUTS);
    expect(staged.audio[0]).to.equal(speakerMic);
    expect(staged.audio).to.not.include(muted);
    expect(staged.video).to.equal(speakerCamera);
    // a speaker's screen share before their camera; a picture ffmpeg could not read is left out
    const screen = producer(2, 'screen');
    expect(recordedInputs([...all, screen], new Set([1, 2]), new Set()).video).to.equal(screen);
    expect(recordedInputs([...all, screen], new Set([1, 2]), new Set([screen.id])).video).to.equal(speakerCamera);
    // outside the stage (nobody first): as they came, a screen share before any camera
    const room = recordedInputs([...all, screen], new Set(), new Set());
    expect(room.audio[0]).to.equal(audience[0]);
    expect(room.audio).to.not.include(speakerMic);
    expect(room.video).to.equal(screen);
    expect(recordedInputs(all, new Set(), new Set()).video).to.equal(audienceCamera);
  });

  it('takes the teams in turn: a team that queued many waits behind every other team’s next job', async () => {
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = new JobQueue(
      {
        transcript: async (id) => {
          ran.push(`t${id}`);
          if (id === 1) await gate;
        },
        minutes: async (id) => void ran.push(`m${id}`),
      },
      createLogger('silent'),
    );
    queue.add('transcript', 1, 7); // team 7's first runs at once
    for (const id of [2, 3, 4]) queue.add('transcript', id, 7);
    queue.add('transcript', 2, 7); // already waiting: not twice
    queue.add('transcript', 10, 8);
    queue.add('minutes', 20, 9);
    queue.add('transcript', 11, 8);
    expect(await queue.waiting(7)).to.equal(3);
    release();
    await queue.idle();
    expect(ran).to.deep.equal(['t1', 't10', 'm20', 't2', 't11', 't3', 't4']);
    expect(await queue.waiting(7)).to.equal(0);
  });

  it('a file link answers its person only with its cookie and until it expires', () => {
    const secret = 'spec-secret';
    const now = Date.UTC(2026, 10, 30, 12);
    // made the way mintLink makes it, checked the way the file route checks it
    const res = { cookie: (_name: string, value: string) => (nonce = value) } as unknown as Response;
    let nonce = '';
    const req = { secure: false } as Request;
    const { url } = mintLinkFor(secret, 5, 42, req, res, now);
    const q = Object.fromEntries(new URL(url, 'http://x').searchParams) as Record<string, string>;
    const query = { u: Number(q.u), exp: Number(q.exp), sig: q.sig };
    expect(linkHolder(secret, 5, query, nonce, now)).to.equal(42);
    expect(linkHolder(secret, 5, query, nonce, now + (LINK_TTL_S - 1) * 1000)).to.equal(42);
    expect(linkHolder(secret, 5, query, nonce, now + (LINK_TTL_S + 1) * 1000)).to.equal(null);
    expect(linkHolder(secret, 5, query, 'another-browser', now)).to.equal(null);
    expect(linkHolder(secret, 5, query, undefined, now)).to.equal(null);
    expect(linkHolder(secret, 5, { ...query, u: 43 }, nonce, now)).to.equal(null);
    expect(linkHolder(secret, 6, query, nonce, now)).to.equal(null);
    expect(linkHolder('other-secret', 5, query, nonce, now)).to.equal(null);
  });
});
