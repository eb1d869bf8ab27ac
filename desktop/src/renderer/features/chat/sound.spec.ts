import { expect } from 'chai';
import { describe, it } from 'mocha';
import { floorSoundState, playsReceivedSound } from './sound';

describe('chat: received-message sound', () => {
  it('maps the floor state from where the user sits', () => {
    expect(floorSoundState(false, null)).to.equal('off-floor');
    expect(floorSoundState(false, 'STAGE')).to.equal('off-floor');
    expect(floorSoundState(true, 'OFFICE')).to.equal('floor');
    expect(floorSoundState(true, 'DEFAULT')).to.equal('floor');
    expect(floorSoundState(true, null)).to.equal('floor');
    expect(floorSoundState(true, 'STAGE')).to.equal('stage');
    expect(floorSoundState(true, 'MEETING')).to.equal('meeting');
  });

  it('plays off the floor and in ordinary rooms', () => {
    expect(playsReceivedSound({ fromMe: false, seenOnScreen: false, floor: 'off-floor' })).to.equal(true);
    expect(playsReceivedSound({ fromMe: false, seenOnScreen: false, floor: 'floor' })).to.equal(true);
  });

  it('stays silent on the stage and in meeting rooms', () => {
    expect(playsReceivedSound({ fromMe: false, seenOnScreen: false, floor: 'stage' })).to.equal(false);
    expect(playsReceivedSound({ fromMe: false, seenOnScreen: false, floor: 'meeting' })).to.equal(false);
  });

  it('never plays for my own message or one already on screen', () => {
    expect(playsReceivedSound({ fromMe: true, seenOnScreen: false, floor: 'floor' })).to.equal(false);
    expect(playsReceivedSound({ fromMe: false, seenOnScreen: true, floor: 'off-floor' })).to.equal(false);
  });
});
