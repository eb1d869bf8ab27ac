import { Router, type RequestHandler } from 'express';
import { companyMemberParamsSchema, companyNameSchema, formatMessage, idParamsSchema } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { toUserDto } from '../users/user.dto';
import { accountOf, type Guards } from '../auth/guards';
import type { ImageStore } from '../uploads';
import type { CompanyService } from './company.service';

export interface CompanyRouteDeps {
  companies: CompanyService;
  guards: Guards;
  images: ImageStore;
}

/** /company (calls spec §7.10 "company: create, update, detail"), the team logo and removing a member. */
export function companyRoutes({ companies, guards, images }: CompanyRouteDeps): Router {
  const router = Router();
  const params = { params: idParamsSchema };

  router.post(
    '/company',
    guards.verifiedUser,
    route({ body: companyNameSchema }, async ({ body }, req, res) => {
      const company = await companies.register(accountOf(req), body.name);
      res.status(201);
      return mutation(company, formatMessage(req.locale, 'company.register.success'));
    }),
  );
  router.get(
    '/company/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({ data: await companies.detail(accountOf(req), params.id) })),
  );
  router.patch(
    '/company/:id',
    guards.verifiedUser,
    route({ ...params, body: companyNameSchema }, async ({ params, body }, req) =>
      mutation(
        await companies.rename(accountOf(req), params.id, body.name),
        formatMessage(req.locale, 'company.update.success'),
      ),
    ),
  );
  router.delete(
    '/company/:id/members/:userId',
    guards.verifiedUser,
    route({ params: companyMemberParamsSchema }, async ({ params }, req) => {
      const member = await companies.removeMember(accountOf(req), params.id, params.userId);
      return mutation(toUserDto(member), formatMessage(req.locale, 'company.member.removed', { name: member.name }));
    }),
  );

  // Access is checked before the body is read: a refused caller uploads nothing.
  const mayManage: RequestHandler = async (req, _res, next) => {
    await companies.managed(accountOf(req), idParamsSchema.parse(req.params).id);
    next();
  };
  router.put(
    '/company/:id/logo',
    guards.verifiedUser,
    mayManage,
    images.receive(),
    route(params, async ({ params }, req) => {
      const company = await companies.managed(accountOf(req), params.id);
      await images.replace(req, company.logoImageUrl, (url) => company.update({ logoImageUrl: url }));
      return mutation(await companies.dto(company), formatMessage(req.locale, 'company.logo.updated'));
    }),
  );
  return router;
}
