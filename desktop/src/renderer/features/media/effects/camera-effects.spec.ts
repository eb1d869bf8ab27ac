import { expect } from 'chai';
import { formatMessage, errorMessageId } from '@tsudoi/common';
import { CameraEffects, type CameraEffectsDeps, type OutputChange } from './camera-effects';
import type { ProcessorBackdrop } from './effect-processor';
import { EffectError, type CameraEffect } from './effect-types';

// The pipeline's browser parts (image decoding, canvas, segmenter) run in e2e/camera-effects.e2e.ts with a real
// photograph; here the coordinator's rules run against stand-ins for those parts.
const track = (id: string) => ({ id, readyState: 'live' }) as unknown as MediaStreamTrack;
const blur: CameraEffect = { mode: 'blur', background: null };
const office: CameraEffect = { mode: 'background', background: { id: 'builtin:office', url: '/office.svg' } };
const broken: CameraEffect = { mode: 'background', background: { id: 'upload:9', url: '/missing.png' } };

function pipeline(failing: string[] = []) {
  const log: string[] = [];
  const deps: CameraEffectsDeps = {
    async loadImage(url) {
      log.push(`load ${url}`);
      if (failing.includes(url)) throw new Error(`404 ${url}`);
      return { src: url } as unknown as HTMLImageElement;
    },
    async createProcessor(camera, backdrop) {
      log.push(`start on ${camera.id} ${backdrop.mode}`);
      const output = track(`effect-of-${camera.id}`);
      return {
        output,
        setBackdrop: (b: ProcessorBackdrop) => log.push(`backdrop ${b.mode}`),
        stop: () => log.push(`stop ${output.id}`),
      };
    },
  };
  return { log, effects: new CameraEffects(deps) };
}

describe('camera effects coordinator', () => {
  it('a background image that fails to load gives FAILED_TO_LOAD_IMAGE and changes nothing', async () => {
    const { log, effects } = pipeline(['/missing.png']);
    const camera = track('cam');
    expect(await effects.setEffect(blur)).to.equal('applied');
    expect((await effects.withEffect(camera)).id).to.equal('effect-of-cam');
    const changes: OutputChange[] = [];
    effects.subscribe((change) => changes.push(change));

    let failure: unknown;
    await effects.setEffect(broken).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(EffectError);
    expect((failure as EffectError).code).to.equal('FAILED_TO_LOAD_IMAGE');
    expect(formatMessage('en', errorMessageId('FAILED_TO_LOAD_IMAGE'))).to.equal(
      'The background image could not be loaded',
    );
    expect(formatMessage('ja', errorMessageId('FAILED_TO_LOAD_IMAGE'))).to.equal('背景画像を読み込めませんでした');
    expect(effects.current).to.deep.equal(blur);
    expect((await effects.withEffect(camera)).id, 'still the blurred track').to.equal('effect-of-cam');
    expect(changes).to.deep.equal([]);
    expect(log).to.deep.equal(['start on cam blur', 'load /missing.png']);
  });

  it('turns the effect on and off on an open camera and says which track to send', async () => {
    const { log, effects } = pipeline();
    const camera = track('cam');
    expect(await effects.withEffect(camera), 'no effect: the camera itself').to.equal(camera);
    const changes: string[] = [];
    effects.subscribe(({ previous, next }) => changes.push(`${previous.id} → ${next.id}`));
    await effects.setEffect(blur);
    await effects.setEffect(office); // same processor, another backdrop: no swap
    await effects.setEffect({ mode: 'none', background: null });
    expect(changes).to.deep.equal(['cam → effect-of-cam', 'effect-of-cam → cam']);
    expect(log).to.deep.equal(['start on cam blur', 'load /office.svg', 'backdrop background', 'stop effect-of-cam']);
  });

  it('the latest of several quick choices wins; a released camera stops its effect', async () => {
    const { log, effects } = pipeline();
    const camera = track('cam');
    await effects.withEffect(camera);
    const outcomes = await Promise.all([
      effects.setEffect(blur),
      effects.setEffect(office),
      effects.setEffect({ mode: 'none', background: null }),
      effects.setEffect(blur),
    ]);
    expect(outcomes).to.deep.equal(['applied', 'superseded', 'superseded', 'applied']);
    expect(effects.current).to.deep.equal(blur);
    expect(log).to.deep.equal(['start on cam blur']);
    expect(effects.release(camera)?.id).to.equal('effect-of-cam');
    expect(log.at(-1)).to.equal('stop effect-of-cam');
    // the next camera (another device, another room) gets the effect that is on
    expect((await effects.withEffect(track('cam2'))).id).to.equal('effect-of-cam2');
  });
});
