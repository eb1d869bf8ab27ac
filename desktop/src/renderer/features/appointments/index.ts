export { AppointmentsPage } from './components/AppointmentsPage';
export { appointmentsSaga } from './sagas';
export { appointmentsReducer, selectAppointments, type AppointmentsState, type WithAppointments } from './slice';
export { AppointmentsLink } from './components/AppointmentsLink';
export { AppointmentDialog } from './components/AppointmentDialog';
export { bookFromMap } from './book-from-map';
