import { Outlet } from 'react-router';
import { LanguageSelector } from '../i18n';
import './layouts.css';

/** Screens for signed-out visitors (login, sign-up, password reset): the page plus a language selector. */
export function NoAuthLayout() {
  return (
    <div className="no-auth-layout">
      <div className="no-auth-layout__locale">
        <LanguageSelector />
      </div>
      <Outlet />
    </div>
  );
}
