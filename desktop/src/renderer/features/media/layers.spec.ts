import { expect } from 'chai';
import { spatialLayerFor, startLayerFor, TOP_LAYER, TYPICAL_CAMERA_TILE_HEIGHT, viewRequest } from './layers';

describe('media layers: the simulcast layer a tile needs', () => {
  it('takes the lowest layer at least as tall as the tile in device pixels', () => {
    expect(spatialLayerFor(120)).to.equal(0);
    expect(spatialLayerFor(200)).to.equal(0);
    expect(spatialLayerFor(201)).to.equal(1);
    expect(spatialLayerFor(400)).to.equal(1);
    expect(spatialLayerFor(401)).to.equal(TOP_LAYER);
    expect(spatialLayerFor(150, 2)).to.equal(1);
    expect(spatialLayerFor(150, 3)).to.equal(TOP_LAYER);
    // not laid out, or a nonsense ratio: the lowest layer, the ratio read as 1
    expect(spatialLayerFor(0)).to.equal(0);
    expect(spatialLayerFor(Number.NaN)).to.equal(0);
    expect(spatialLayerFor(300, 0)).to.equal(1);
  });

  it('pauses a hidden tile and asks a shown one for its layer', () => {
    expect(viewRequest({ visible: false, height: 500 })).to.deep.equal({ paused: true, spatialLayer: TOP_LAYER });
    expect(viewRequest({ visible: true, height: 180 })).to.deep.equal({ paused: false, spatialLayer: 0 });
  });

  it('starts a screen on the top layer, a camera on its room’s tile size or a typical tile’s', () => {
    expect(startLayerFor('screen', null)).to.equal(TOP_LAYER);
    expect(startLayerFor('screen', 100)).to.equal(TOP_LAYER);
    expect(TYPICAL_CAMERA_TILE_HEIGHT).to.be.at.most(200);
    expect(startLayerFor('camera', null)).to.equal(0);
    expect(startLayerFor('camera', null, 2)).to.equal(1);
    expect(startLayerFor('camera', 202)).to.equal(1);
    expect(startLayerFor('camera', 720)).to.equal(TOP_LAYER);
  });
});
