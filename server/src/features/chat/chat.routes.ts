import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { chatAttachmentQuerySchema, chatUploadFieldsSchema, type ChatUploadDto } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import { access } from './chat-access';
import { userOrGuest } from './chat-guard';
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
 * Access is checked before a body is read; the bytes are always served as
 * an attachment with nosniff.
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
      next();
    },
    ctx.files.receive(),
    route({}, async (_input, req, res) => {
      const stored = await ctx.files.store(req);
      const user = accountOf(req);
      const conversationId = req.chatConversationId!;
      try {
        await ctx.models.ChatUpload.create({ ...stored, conversationId, userId: user.id });
      } catch (error) {
        await ctx.files.remove(stored.id);
        throw error;
      }
      const data: ChatUploadDto = { ...stored, conversationId, url: '/api/messages/attachment' };
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
  }
}
