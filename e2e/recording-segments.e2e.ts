import fs from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { probeStreamEnds } from '../server/src/features/recordings/ffmpeg-tools';
import { type Account } from './support/auth';
import { liveJoined, moveTo } from './support/media';
import {
  finishedRecording,
  meanVolume,
  probeFile,
  recordingFloor,
  startRecording,
  stopRecording,
} from './support/recording';
import { HOST_SAYS, OTHER_SAYS, twoVoices } from './support/two-voices';
import { wordAccuracy } from './support/words';

/** The host's microphone (flite "slt"), and the one of the person who joins mid-recording (flite "rms", a male voice). */

/**
 * The recorder's segment change, end to end: someone joins a room while it is
 * recorded and leaves again. Two browsers, each with its own fake microphone;
 * the host mutes while the other speaks so each stretch has one voice, and
 * the final file must hold both voices in order.
 */
describe('recording: a participant joins and leaves mid-recording', function () {
  this.timeout(480_000);
  const world = twoVoices();
  const { hostPages, otherPages: guestPages } = world;

  it('the file holds both voices: the host before and after, the one who joined in between (segments, loudness, transcript, speakers)', async () => {
    const { server, smtp } = world;
    const { owner, member, floorId } = await recordingFloor(server, smtp, 'seg', true);
    const open = async (pages: typeof hostPages, who: Account, room: number) => {
      const page = await pages.open('en-US', undefined, who);
      await page.goto(`${server.url}/floors/${floorId}/live`);
      await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
      await liveJoined(page);
      if (room !== 1) await moveTo(page, room);
      return page;
    };
    const connected = (page: Page) =>
      page.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 60_000 });
    const host = await open(hostPages, owner, 9);
    await connected(host);
    const guest = await open(guestPages, member!, 3);
    await connected(guest);
    await host.waitForTimeout(1500);

    const startedAt = await startRecording(host);
    const marks: Record<string, number> = {};
    await host.waitForTimeout(8000);

    // the guest joins the recorded room; the host mutes: the guest alone speaks
    await moveTo(guest, 9);
    await connected(guest);
    await guest.locator('.recording-indicator').waitFor();
    await host.getByRole('button', { name: 'Mute', exact: true }).click();
    marks.guestIn = Date.now() - startedAt;
    await host.waitForTimeout(10_000);

    // the guest leaves; the host speaks again
    await moveTo(guest, 3);
    await host.getByRole('button', { name: 'Unmute', exact: true }).click();
    marks.guestOut = Date.now() - startedAt;
    await host.waitForTimeout(9000);
    const recordedMs = await stopRecording(host, startedAt);

    const { row, file } = await finishedRecording(
      server,
      floorId,
      owner,
      'the transcript',
      (rec) => !['queued', 'generating'].includes(rec.transcriptStatus) && rec.status === 'ready',
    );
    if (process.env.KEEP_RECORDING) fs.copyFileSync(file, process.env.KEEP_RECORDING);
    const { seconds, streams } = await probeFile(file);
    const segments = JSON.parse(row.segments ?? '[]') as { offsetMs: number; durationMs: number; speakers: number[] }[];
    const hostId = (await server.models.User.findOne({ where: { email: owner.email } }))!.id;
    const guestId = (await server.models.User.findOne({ where: { email: member!.email } }))!.id;
    const transcript = JSON.parse(row.transcript ?? '[]') as {
      startMs: number;
      endMs: number;
      text: string;
      speakerId: number | null;
    }[];
    const said = (id: number) =>
      transcript
        .filter((s) => s.speakerId === id)
        .map((s) => s.text)
        .join(' ');
    process.stdout.write(
      `      recorded ${(recordedMs / 1000).toFixed(2)} s → file ${seconds.toFixed(2)} s; guest in ${marks.guestIn} ms, out ${marks.guestOut} ms\n` +
        `      segments ${JSON.stringify(segments.map((s) => [s.offsetMs, s.durationMs, s.speakers.map((u) => (u === hostId ? 'host' : 'guest'))]))}\n` +
        `      host said: "${said(hostId)}"\n      guest said: "${said(guestId)}"\n      unattributed: "${transcript
          .filter((s) => s.speakerId === null)
          .map((s) => s.text)
          .join(' ')}"\n`,
    );

    expect(streams).to.deep.equal(['audio:opus', 'video:vp8']);
    expect(Math.abs(seconds - recordedMs / 1000), 'duration difference (s)').to.be.at.most(1.5);
    // both streams run the whole file (the guest's microphone joined the mix late, pauses send nothing)
    const ends = await probeStreamEnds(file);
    process.stdout.write(`      streams end: audio ${ends.audio} ms, video ${ends.video} ms\n`);
    expect(Math.abs(ends.audio! - seconds * 1000), 'audio vs file (ms)').to.be.at.most(1000);
    expect(Math.abs(ends.video! - seconds * 1000), 'video vs file (ms)').to.be.at.most(1000);
    // the segments: the host alone, the guest alone (the host muted), the host alone again
    const speakers = segments.map((s) => s.speakers.join(','));
    const guestAt = speakers.indexOf(String(guestId));
    expect(speakers[0], 'first segment').to.equal(String(hostId));
    expect(guestAt, 'a segment of the guest alone').to.be.greaterThan(0);
    expect(speakers.slice(guestAt + 1), 'the host after the guest left').to.include(String(hostId));
    // loud where each spoke (not the silence a lost input would leave)
    const guestSeg = segments[guestAt]!;
    const last = segments.at(-1)!;
    const loudness = [
      await meanVolume(file, 500, segments[0]!.durationMs - 500),
      await meanVolume(file, guestSeg.offsetMs + 500, guestSeg.offsetMs + guestSeg.durationMs - 500),
      await meanVolume(file, last.offsetMs + 500, last.offsetMs + last.durationMs - 500),
    ];
    process.stdout.write(`      mean volume (dB): host ${loudness[0]}, guest ${loudness[1]}, host ${loudness[2]}\n`);
    for (const db of loudness) expect(db).to.be.greaterThan(-45);
    // both sentences in the transcript, each attributed to who said it
    expect(wordAccuracy(HOST_SAYS, said(hostId)), 'host words').to.be.at.least(0.7);
    expect(wordAccuracy(OTHER_SAYS, said(guestId)), 'guest words').to.be.at.least(0.7);
  });
});
