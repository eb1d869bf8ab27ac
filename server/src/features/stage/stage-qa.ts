import { Op } from 'sequelize';
import { byQaOrder, type PresentationView, type QaQuestionDto } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import type { StagePresentation } from './stage.models';
import type { StageService } from './stage-service';
import { floorChannel, visitorsChannel } from '../floors/live/channels';

/**
 * The Q&A of the floor's presentation or conference (spec §4 Q&A): ask,
 * vote up or down (one vote per person, changeable), the host hides; the list
 * is sorted by score descending, hidden ones left out, pushed live to the
 * floor as `presentation:questions`. Questions stay with their presentation.
 */
export class StageQa {
  constructor(
    private readonly models: Models,
    private readonly stage: StageService,
  ) {}

  /** presentation:get — the running presentation and its visible questions, with the caller's votes. */
  async get(socket: IoSocket): Promise<PresentationView> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.running(c.floorId);
    if (!p) return { presentation: null, questions: [] };
    return { presentation: await this.stage.viewFor(p, c.userId), questions: await this.questions(p.id, c.userId) };
  }

  /** presentation:ask — anyone in the presentation (or on its floor) asks. */
  async ask(socket: IoSocket, text: string): Promise<QaQuestionDto> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    const q = await this.models.StageQuestion.create({
      presentationId: p.id,
      userId: c.userId,
      text,
      createdAt: new Date(),
    });
    const list = await this.broadcastQuestions(p);
    return list.find((x) => x.id === q.id)!;
  }

  /** presentation:vote — one vote per person and question; a second vote replaces the first. */
  async vote(socket: IoSocket, questionId: number, up: boolean): Promise<QaQuestionDto> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    await this.visibleQuestion(p, questionId);
    const where = { questionId, userId: c.userId };
    const [vote, created] = await this.models.StageVote.findOrCreate({ where, defaults: { ...where, up } });
    if (!created && vote.up !== up) await vote.update({ up });
    await this.broadcastQuestions(p);
    return (await this.questions(p.id, c.userId)).find((x) => x.id === questionId)!;
  }

  /** presentation:hide — the presentation's host (or a floor host or subhost) hides a question from the list. */
  async hide(socket: IoSocket, questionId: number): Promise<null> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    const q = await this.visibleQuestion(p, questionId);
    await q.update({ hidden: true });
    await this.broadcastQuestions(p);
    return null;
  }

  /** presentation:mark — its host (or a floor host or subhost) marks a visible question answered or pinned. */
  async mark(socket: IoSocket, m: { id: number; answered?: boolean; pinned?: boolean }): Promise<null> {
    const c = await this.stage.caller(socket);
    const p = await this.stage.mustRun(c.floorId);
    if (p.hostId !== c.userId && !c.canManage) throw new AppError('PRESENTATION_NOT_HOST');
    const q = await this.visibleQuestion(p, m.id);
    await q.update({
      ...(m.answered !== undefined && { answered: m.answered }),
      ...(m.pinned !== undefined && { pinned: m.pinned }),
    });
    await this.broadcastQuestions(p);
    return null;
  }

  private async visibleQuestion(p: StagePresentation, id: number) {
    const q = await this.models.StageQuestion.findOne({ where: { id, presentationId: p.id, hidden: false } });
    if (!q) throw new AppError('QA_QUESTION_NOT_FOUND');
    return q;
  }

  /** Visible questions, pinned first, answered last, by score descending (then oldest first); `voted` is `readerId`'s vote. */
  async questions(presentationId: number, readerId?: number): Promise<QaQuestionDto[]> {
    const rows = await this.models.StageQuestion.findAll({ where: { presentationId, hidden: false } });
    if (!rows.length) return [];
    const votes = await this.models.StageVote.findAll({ where: { questionId: { [Op.in]: rows.map((r) => r.id) } } });
    const users = await this.models.User.findAll({
      where: { id: { [Op.in]: [...new Set(rows.map((r) => r.userId))] } },
      attributes: ['id', 'name'],
    });
    const names = new Map(users.map((u) => [u.id, u.name]));
    const list = rows.map((r): QaQuestionDto => {
      const mine = votes.filter((v) => v.questionId === r.id);
      const own = mine.find((v) => v.userId === readerId);
      return {
        id: r.id,
        text: r.text,
        authorId: r.userId,
        authorName: names.get(r.userId) ?? '',
        score: mine.reduce((sum, v) => sum + (v.up ? 1 : -1), 0),
        voted: own ? (own.up ? 1 : -1) : 0,
        hidden: false,
        answered: r.answered,
        pinned: r.pinned,
        createdAt: r.createdAt.toISOString(),
      };
    });
    return list.sort(byQaOrder);
  }

  private async broadcastQuestions(p: StagePresentation): Promise<QaQuestionDto[]> {
    const questions = await this.questions(p.id);
    this.stage.namespace
      ?.to(floorChannel(p.floorId))
      .except(visitorsChannel(p.floorId))
      .emit('presentation:questions', { floorId: p.floorId, presentationId: p.id, questions });
    return questions;
  }
}
