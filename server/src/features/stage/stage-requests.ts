import type { PresentationDto } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import { roomOfUser } from '../floors/live/engine/places';
import { maySpeak, type StageService } from './stage-service';
import { userChannel } from '../floors/live/channels';

/**
 * The waiting room and requests to speak (spec §4 Presentation: requests are
 * admitted, denied or called to join; calls-errors-limits §7.13). Every answer
 * goes to the floor as `presentation:changed`, the requests only to those who
 * answer them and to each requester about their own (stage-push.ts), so the
 * host's request list is live. Refusals change nothing.
 */
export class StageRequests {
  constructor(
    private readonly models: Models,
    private readonly stage: StageService,
  ) {}

  /** presentation:request — an audience member with speech or subhost asks to speak. */
  async request(socket: IoSocket): Promise<PresentationDto> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    if (!maySpeak(c, p)) throw this.noRight(p);
    const member = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId: c.userId } });
    if (!member || member.role === 'W') throw new AppError('PRESENTATION_NOT_MEMBER');
    if (member.role === 'S') return this.stage.changed(p, c.userId);
    await member.update({ requested: 'S' });
    return this.stage.changed(p, c.userId);
  }

  /** presentation:admit — the host lets a waiting person in, or an audience member speak. */
  async admit(socket: IoSocket, userId: number): Promise<PresentationDto> {
    const { c, p } = await this.asHost(socket);
    const member = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId } });
    if (!member?.requested) throw new AppError('PRESENTATION_NO_REQUEST');
    if (member.requested === 'S') {
      // the permission may have gone since the request
      const target = await this.stage.rights(p.floorId, userId, 'USER_NOT_ON_FLOOR');
      if (!maySpeak(target, p)) throw this.noRight(p);
    }
    // let in from outside: a removal sends them back to where they asked from (kept on their row when they
    // joined; else where they waited)
    const here =
      member.role === 'W' && member.returnRoomId == null ? await roomOfUser(this.models, p.floorId, userId) : null;
    const back = here !== null && here !== p.roomId ? { returnRoomId: here } : {};
    await member.update({ role: member.requested, requested: null, called: false, ...back });
    return this.stage.changed(p, c.userId);
  }

  /**
   * presentation:deny — the host turns a request (or a call) down: someone
   * waiting outside goes, an audience member stays audience. Naming oneself
   * declines the host's call.
   */
  async deny(socket: IoSocket, userId: number): Promise<PresentationDto> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    const self = userId === c.userId;
    if (!self && p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    const member = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId } });
    const open = self ? member?.called : member?.requested || member?.called;
    if (!member || !open) throw new AppError('PRESENTATION_NO_REQUEST');
    const request = member.role === 'W' ? 'enter' : 'speak';
    const asked = !self && member.requested !== null;
    if (member.role === 'W') {
      await member.destroy();
      // turned down at the door: back from the waiting room to where they asked from
      await this.stage.moves.backFromWaiting(p, userId, member.returnRoomId ?? null);
    } else await member.update({ requested: null, called: false });
    // the one who asked hears it was turned down (a call the callee declined needs no word back)
    if (asked)
      this.stage.namespace
        ?.to(userChannel(p.floorId, userId))
        .emit('presentation:denied', { floorId: p.floorId, presentationId: p.id, request, by: c.userId });
    return this.stage.changed(p, c.userId);
  }

  /**
   * presentation:call — the host calls someone on the floor (with speech or
   * subhost) to join as speaker; they answer with presentation:join {S}.
   */
  async call(socket: IoSocket, userId: number): Promise<PresentationDto> {
    const { c, p } = await this.asHost(socket);
    const target = await this.stage.rights(p.floorId, userId, 'USER_NOT_ON_FLOOR');
    if (!maySpeak(target, p)) throw this.noRight(p);
    const where = { presentationId: p.id, userId };
    const member = await this.models.StageMember.findOne({ where });
    if (member?.role === 'S') return this.stage.changed(p, c.userId);
    if (member) await member.update({ called: true });
    else await this.models.StageMember.create({ ...where, role: 'W', called: true, joinedAt: new Date() });
    return this.stage.changed(p, c.userId);
  }

  private noRight(p: { kind: string }) {
    return new AppError(p.kind === 'C' ? 'CONFERENCE_NO_PERMISSION' : 'PRESENTATION_NO_PERMISSION');
  }

  private async asHost(socket: IoSocket) {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    return { c, p };
  }
}
