import {
  appointmentSchema,
  detailSchema,
  mutationSchema,
  roomSchema,
  type AppointmentCreateBody,
  type AppointmentDto,
  type AppointmentUpdateBody,
  type RoomDto,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const listAnswer = detailSchema(appointmentSchema.array());
const oneAnswer = mutationSchema(appointmentSchema);
const roomsAnswer = detailSchema(roomSchema.array());

/** GET /appointments?floorId&from&to (Japan time). */
export async function fetchAppointments(api: ApiClient, floorId: number, from: string, to: string) {
  const query = new URLSearchParams({ floorId: String(floorId), from, to });
  return listAnswer.parse(await api.get(`/appointments?${query}`)).data;
}

/** The floor's bookable rooms: meeting rooms and guest lounges, in number order. */
export async function fetchBookableRooms(api: ApiClient, floorId: number): Promise<RoomDto[]> {
  const rooms = roomsAnswer.parse(await api.get(`/floors/${floorId}/rooms`)).data;
  return rooms
    .filter((r) => r.type === 'MEETING_ROOM' || r.type === 'RECEPTION_ROOM')
    .sort((a, b) => a.number - b.number);
}

export async function createAppointment(api: ApiClient, body: AppointmentCreateBody) {
  return oneAnswer.parse(await api.post(body.guest ? '/appointment/guest-appointment' : '/appointments', body));
}

export async function updateAppointment(api: ApiClient, id: number, body: AppointmentUpdateBody) {
  return oneAnswer.parse(await api.patch(`/appointments/${id}`, body));
}

/** POST /appointment/{id}/register-participant: a guest for a booking made without one (mailed their link). */
export async function registerGuest(api: ApiClient, id: number, guest: NonNullable<AppointmentCreateBody['guest']>) {
  return oneAnswer.parse(await api.post(`/appointment/${id}/register-participant`, guest));
}

/** DELETE /appointment/{id}/participant: the booking's guest taken off it (their link stops opening it). */
export async function unregisterGuest(api: ApiClient, id: number) {
  return oneAnswer.parse(await api.delete(`/appointment/${id}/participant`));
}

export async function deleteAppointment(api: ApiClient, id: number) {
  return api.delete<{ message: string }>(`/appointments/${id}`);
}

export async function extendAppointment(api: ApiClient, id: number) {
  return oneAnswer.parse(await api.patch(`/appointment/${id}/extend-time`));
}

export type { AppointmentDto };
