import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { chatAttachmentQuerySchema, chatUploadFieldsSchema, type ChatUploadDto } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { newStoredName, tighter, type StoragePayer } from '../uploads';
import { access } from './chat-access';
import { userOrGuest } from './chat-guard';
import { chatPayer, uploaderOf } from './chat-storage';
import type { ChatContext } from './chat-context';
import { canSee, visibleTo } from './chat-dto';
import { transcript } from './chat-rooms';

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const safeHeaders = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' };

/**
 * POST /uploads?conversationId= (multipart `file`), POST or GET
 * /messages/attachment (messageId), GET /chat/conversations/{id}/download.
 * Access and the storage quota are checked before a body is read; the body
 * streams to disk, cut at the per-file limit or what the quota leaves; the
 * row is written under the quota's lock, then the file is moved into place.
 * The bytes are always served as an attachment with nosniff.
 */
export function chatRoutes(ctx: ChatContext, guards: Guards, secret: string): Router {
  const router = Router();
  const signedIn = userOrGuest(guards, ctx.models, secret);
  router.post(
    '/uploads',
    signedIn,
    async (req, _res, next) => {
      const query = chatUploadFieldsSchema.parse(req.query);
      const granted = await access(ctx, accountOf(req), query.conversationId);
      if (granted.readOnly) throw new AppError('CHAT_READ_ONLY');
      req.chatConversationId = granted.conversation.id;
      req.chatPayer = await chatPayer(ctx, accountOf(req), granted.conversation);
      req.uploader = uploaderOf(accountOf(req), granted.conversation.floorId);
      // the smaller of what the team may still store and what this person may still upload today
      req.uploadAllowance = tighter(await ctx.quota.allowance(req.chatPayer), await ctx.budget.allowance(req.uploader));
      next();
    },
    ctx.files.receive(),
    route({}, async (_input, req, res) => {
      const { staged, ...checked } = await ctx.files.check(req);
      const user = accountOf(req);
      const conversationId = req.chatConversationId!;
      const payer = req.chatPayer!;
      const id = newStoredName();
      await ctx.quota.commit(payer, checked.size, async (transaction) => {
        await ctx.budget.assertFits(req.uploader!, checked.size, transaction);
        return ctx.models.ChatUpload.create(
          // its age (the retention) is read on the injected clock, like every time rule
          { id, ...checked, conversationId, userId: user.id, companyId: payer.companyId, createdAt: ctx.clock.now() },
          { transaction },
        );
      });
      try {
        await ctx.files.adopt(staged, id);
      } catch (error) {
        await ctx.models.ChatUpload.destroy({ where: { id } });
        throw error;
      }
      const data: ChatUploadDto = { id, ...checked, conversationId, url: '/api/messages/attachment' };
      res.status(201);
      return { data };
    }),
  );
  const attachment = async (req: Request, messageId: number, res: Response) => {
    const user = accountOf(req);
    const message = await ctx.models.ChatMessage.findByPk(messageId);
    if (!message?.uploadId || message.unsentAt) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    const granted = await access(ctx, user, message.conversationId).catch(() => {
      throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    });
    if (!canSee(granted, message.id)) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    const upload = await ctx.models.ChatUpload.findByPk(message.uploadId);
    if (upload?.expiredAt) throw new AppError('CHAT_ATTACHMENT_EXPIRED');
    const file = upload && ctx.files.locate(upload.id);
    if (!upload || !file) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
    const headers = {
      ...safeHeaders,
      'Content-Type': upload.mimeType,
      'Content-Disposition': disposition(upload.name),
    };
    await new Promise<void>((resolve, reject) =>
      res.sendFile(file, { headers, dotfiles: 'deny', lastModified: false, etag: false }, (error) =>
        error ? reject(res.headersSent ? error : new AppError('CHAT_MESSAGE_NOT_FOUND')) : resolve(),
      ),
    );
  };
  router.post(
    '/messages/attachment',
    signedIn,
    route({ body: chatAttachmentQuerySchema }, async ({ body }, req, res) => attachment(req, body.messageId, res)),
  );
  router.get(
    '/messages/attachment',
    signedIn,
    route({ query: z.object({ messageId: z.coerce.number().int().positive() }) }, async ({ query }, req, res) =>
      attachment(req, query.messageId, res),
    ),
  );
  router.get(
    '/chat/conversations/:id/download',
    signedIn,
    route({ params: z.object({ id: z.coerce.number().int().positive() }) }, async ({ params }, req, res) => {
      const granted = await access(ctx, accountOf(req), params.id);
      const rows = await ctx.models.ChatMessage.findAll({
        where: { conversationId: params.id, id: visibleTo(granted) },
        order: [['id', 'ASC']],
      });
      res.set({
        ...safeHeaders,
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': disposition(`chat-${params.id}.txt`),
      });
      res.send(await transcript(ctx, rows));
    }),
  );
  return router;
}

declare module 'express-serve-static-core' {
  interface Request {
    chatConversationId?: number;
    chatPayer?: StoragePayer;
  }
}
