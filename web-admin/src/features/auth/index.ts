export { AdminLoginPage } from './components/AdminLoginPage';
