export { appointmentsSaga } from './sagas';
export { appointmentsReducer, selectAppointments, type AppointmentsState, type WithAppointments } from './slice';
export { AppointmentsLink } from './components/AppointmentsLink';
export { bookFromMap } from './book-from-map';
