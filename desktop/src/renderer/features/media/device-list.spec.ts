import { expect } from 'chai';
import { pickAll, pickDevice, toLists } from './device-list';
import { spatialLayerFor, viewRequest } from './layers';

const info = (kind: MediaDeviceKind, deviceId: string, label = '') => ({ kind, deviceId, label });

describe('media device lists', () => {
  it('sorts devices by kind, drops the default aliases when real devices exist, and duplicates', () => {
    const lists = toLists([
      info('audioinput', 'default', 'Default - Mic A'),
      info('audioinput', 'mic-a', 'Mic A'),
      info('audioinput', 'mic-a', 'Mic A'),
      info('videoinput', 'cam-1', 'Cam 1'),
      info('audiooutput', 'default', 'Default'),
      info('videoinput', '', ''),
    ]);
    expect(lists.mic.map((d) => d.deviceId)).to.deep.equal(['mic-a']);
    expect(lists.camera.map((d) => d.deviceId)).to.deep.equal(['cam-1']);
    // only the alias: it stays (the browser names no real speaker)
    expect(lists.speaker.map((d) => d.deviceId)).to.deep.equal(['default']);
  });

  it('defaults the selection to the first device; a remembered device wins while it is plugged in', () => {
    const list = [
      { deviceId: 'a', label: 'A' },
      { deviceId: 'b', label: 'B' },
    ];
    expect(pickDevice(list, undefined)).to.equal('a');
    expect(pickDevice(list, 'b')).to.equal('b');
    expect(pickDevice(list, 'gone')).to.equal('a');
    expect(pickDevice([], 'b')).to.equal(null);
    expect(pickAll({ camera: list, mic: [], speaker: list }, { speaker: 'b', mic: 'x' })).to.deep.equal({
      camera: 'a',
      mic: null,
      speaker: 'b',
    });
  });
});

describe('simulcast layer by tile size', () => {
  it('takes the lowest layer at least as tall as the tile in device pixels', () => {
    expect([0, 90, 200, 201, 400, 401, 1080].map((h) => spatialLayerFor(h))).to.deep.equal([0, 0, 0, 1, 1, 2, 2]);
    expect(spatialLayerFor(150, 2)).to.equal(1);
    expect(spatialLayerFor(250, 2)).to.equal(2);
    expect(spatialLayerFor(Number.NaN)).to.equal(0);
    expect(spatialLayerFor(300, 0)).to.equal(1);
  });

  it('pauses a hidden tile and asks the layer of a shown one', () => {
    expect(viewRequest({ visible: false, height: 500 })).to.deep.equal({ paused: true, spatialLayer: 2 });
    expect(viewRequest({ visible: true, height: 120 })).to.deep.equal({ paused: false, spatialLayer: 0 });
  });
});
