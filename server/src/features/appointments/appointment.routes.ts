import { Router } from 'express';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentUpdateSchema,
  formatMessage,
  guestAppointmentSchema,
  idParamsSchema,
  registerParticipantSchema,
  requestLinkAppointmentSchema,
  verifyAppointmentSchema,
} from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { AppointmentCalls } from './appointment-calls';
import type { AppointmentService } from './appointment.service';

/**
 * Appointments (calls spec §7.6): the resource /appointments (list by floor
 * and period, detail, create, edit, cancel) and the named calls
 * appointment/guest-appointment, appointment/{id}/extend-time,
 * appointment/{id}/verify-appointment, appointment/{id}/register-participant
 * and appointment/request-link-appointment (no sign-in).
 */
export function appointmentRoutes(appointments: AppointmentService, calls: AppointmentCalls, guards: Guards): Router {
  const router = Router();
  const params = { params: idParamsSchema };
  router.get(
    '/appointments',
    guards.verifiedUser,
    route({ query: appointmentListQuerySchema }, async ({ query }, req) => ({
      data: await appointments.list(accountOf(req), query),
    })),
  );
  router.get(
    '/appointments/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => ({ data: await appointments.get(accountOf(req), params.id) })),
  );
  for (const [path, body] of [
    ['/appointments', appointmentCreateSchema],
    ['/appointment/guest-appointment', guestAppointmentSchema],
  ] as const)
    router.post(
      path,
      guards.verifiedUser,
      route({ body }, async ({ body }, req, res) => {
        const dto = await appointments.create(accountOf(req), body, req.locale);
        res.status(201);
        return mutation(dto, formatMessage(req.locale, 'appointments.create.success'));
      }),
    );
  router.patch(
    '/appointments/:id',
    guards.verifiedUser,
    route({ ...params, body: appointmentUpdateSchema }, async ({ params, body }, req) =>
      mutation(
        await appointments.update(accountOf(req), params.id, body, req.locale),
        formatMessage(req.locale, 'appointments.update.success'),
      ),
    ),
  );
  router.delete(
    '/appointments/:id',
    guards.verifiedUser,
    route(params, async ({ params }, req) => {
      await appointments.remove(accountOf(req), params.id, req.locale);
      return mutation(null, formatMessage(req.locale, 'appointments.delete.success'));
    }),
  );
  router.patch(
    '/appointment/:id/extend-time',
    guards.verifiedUser,
    route(params, async ({ params }, req) => {
      const { dto, minutes } = await appointments.extend(accountOf(req), params.id, req.locale);
      return mutation(dto, formatMessage(req.locale, 'appointments.extend.success', { minutes }));
    }),
  );
  router.post(
    '/appointment/:id/verify-appointment',
    guards.verifiedUser,
    route({ ...params, body: verifyAppointmentSchema }, async ({ params, body }, req) => {
      const data = await calls.verify(accountOf(req), params.id, body, req.locale);
      return mutation(
        data,
        formatMessage(req.locale, 'appointments.verify.success', { end: data.endAt.slice(11, 16) }),
      );
    }),
  );
  router.post(
    '/appointment/:id/register-participant',
    guards.verifiedUser,
    route({ ...params, body: registerParticipantSchema }, async ({ params, body }, req, res) => {
      const dto = await calls.registerParticipant(accountOf(req), params.id, body, req.locale);
      res.status(201);
      return mutation(dto, formatMessage(req.locale, 'appointments.register.success'));
    }),
  );
  router.delete(
    '/appointment/:id/participant',
    guards.verifiedUser,
    route(params, async ({ params }, req) =>
      mutation(
        await calls.removeParticipant(accountOf(req), params.id),
        formatMessage(req.locale, 'appointments.unregister.success'),
      ),
    ),
  );
  router.post(
    '/appointment/request-link-appointment',
    route({ body: requestLinkAppointmentSchema }, async ({ body }, req) => {
      await calls.requestLink(body, req.locale);
      return mutation(null, formatMessage(req.locale, 'appointments.requestLink.success'));
    }),
  );
  return router;
}
