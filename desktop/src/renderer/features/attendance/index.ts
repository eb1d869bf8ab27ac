export { AttendancePage } from './components/AttendancePage';
export { ShiftPage } from './components/ShiftPage';
export { FloorAttendanceButton } from './components/FloorAttendanceButton';
export { AttendanceScheduleLink } from './components/AttendanceScheduleLink';
export { attendanceSaga, type AttendanceSagaDeps } from './sagas';
export { attendanceReducer, selectAttendance, type WithAttendance, type LiveStatus } from './slice';
