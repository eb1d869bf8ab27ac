import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a recording's work folder says about its captures, so that a process
 * killed mid-recording (kill -9, a crash) leaves enough to rebuild the file at
 * the next start (issue 25 §9): beside each capture `segment-NNNN.mkv` a note
 * `segment-NNNN.json` written when it starts (when, what it holds, who spoke)
 * and again when it is cut (its length in the recording). A capture given up
 * loses both.
 */
export const segmentNoteSchema = z.object({
  index: z.number().int().positive(),
  /** When its consumers were resumed (epoch ms): the capture's time 0. */
  resumedAt: z.number(),
  shape: z.object({ audio: z.number().int().min(0), video: z.boolean() }),
  speakers: z.array(z.number().int()),
  /** Recorded while the room had no media (everyone's connection gone): silence and the dark picture. */
  gap: z.boolean(),
  /** Its length in the recording once it was cut (absent: it was still recording). */
  durationMs: z.number().int().min(0).optional(),
});
export type SegmentNote = z.infer<typeof segmentNoteSchema>;

const name = (index: number) => `segment-${String(index).padStart(4, '0')}`;
export const captureFile = (dir: string, index: number) => path.join(dir, `${name(index)}.mkv`);
const noteFile = (dir: string, index: number) => path.join(dir, `${name(index)}.json`);

/** Writes a capture's note (a new file renamed over the old: a kill leaves the old or the new, never half). */
export async function writeNote(dir: string, note: SegmentNote): Promise<void> {
  const file = noteFile(dir, note.index);
  await fs.writeFile(`${file}.tmp`, JSON.stringify(note));
  await fs.rename(`${file}.tmp`, file);
}

/** A capture given up (it never gave output): its file and note go. */
export async function dropCapture(dir: string, index: number): Promise<void> {
  await Promise.all([
    fs.rm(captureFile(dir, index), { force: true }),
    fs.rm(noteFile(dir, index), { force: true }),
    fs.rm(`${captureFile(dir, index)}.sdp`, { force: true }),
  ]);
}

/** The notes of the captures still on disk, in order; unreadable notes are skipped (their capture with them). */
export async function readNotes(dir: string): Promise<SegmentNote[]> {
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  const notes: SegmentNote[] = [];
  for (const entry of entries.filter((e) => /^segment-\d{4}\.json$/.test(e)).sort()) {
    try {
      const note = segmentNoteSchema.parse(JSON.parse(await fs.readFile(path.join(dir, entry), 'utf8')));
      await fs.access(captureFile(dir, note.index));
      notes.push(note);
    } catch {
      // a note without its capture, or cut short by the kill: nothing to rebuild from
    }
  }
  return notes;
}
