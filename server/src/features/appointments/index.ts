import { rateLimiter, type LimitStore } from '../../lib/rate-limit';
import type { Guards } from '../auth/guards';
import { AppointmentCalls } from './appointment-calls';
import { appointmentRoutes } from './appointment.routes';
import { AppointmentService, type AppointmentDeps } from './appointment.service';

export { AppointmentService } from './appointment.service';

/** request-link-appointment: at most 3 mails per floor and address in 10 minutes. */
export const LINK_REQUEST_LIMIT = { points: 3, duration: 600 };

/** Bookings of meeting rooms and guest lounges (issue 16). */
export function createAppointments(deps: AppointmentDeps & { guards: Guards; redis: LimitStore | undefined }) {
  const appointments = new AppointmentService(deps);
  const calls = new AppointmentCalls(
    deps,
    appointments,
    rateLimiter(deps.redis, 'appointment_link', LINK_REQUEST_LIMIT),
  );
  return { appointments, router: appointmentRoutes(appointments, calls, deps.guards) };
}
