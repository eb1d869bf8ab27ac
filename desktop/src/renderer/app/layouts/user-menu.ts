import type { MessageId, UserDto } from '@tsudoi/common';
import { paths } from '../paths';

export type MenuIcon = 'home' | 'floors' | 'hosted' | 'team' | 'host' | 'chat' | 'attendance' | 'files' | 'profile';

export interface MenuItem {
  to: string;
  label: MessageId;
  icon: MenuIcon;
  /** Active only on exactly this path (not on its children). */
  end?: boolean;
}

/** The legal pages, opened in a new tab from the menu (spec §2 user menu). */
export const LEGAL_LINKS: readonly { href: string; label: MessageId }[] = [
  { href: '/info/term-of-service', label: 'shell.menu.terms' },
  { href: '/info/privacy-policy', label: 'shell.menu.privacy' },
];

/**
 * The user menu of spec §2, by role: home, floors (participated), my floors
 * for hosts (team owners and admins, who create floors), become a host — or
 * the team once in one —, chat, attendance for team members (employees of a
 * company), the team's files, profile. The same list feeds the sidebar (≥ 1024 px) and the top
 * bar below that width.
 */
export function userMenu(user: Pick<UserDto, 'employmentCompanyId' | 'employeeRole'> | null): MenuItem[] {
  const hasTeam = user?.employmentCompanyId != null;
  const isHost = user?.employeeRole === 'OWNER' || user?.employeeRole === 'ADMIN';
  return [
    { to: paths.home(), label: 'shell.menu.home', icon: 'home', end: true },
    { to: paths.floors(), label: 'layout.nav.floors', icon: 'floors', end: true },
    ...(isHost
      ? [{ to: paths.floorsHosted(), label: 'layout.nav.floorsHosted' as const, icon: 'hosted' as const }]
      : []),
    hasTeam
      ? { to: paths.companyEdit(), label: 'layout.nav.team', icon: 'team' }
      : { to: paths.companyRegister(), label: 'layout.nav.companyRegister', icon: 'host' },
    { to: paths.chat(), label: 'layout.nav.chat', icon: 'chat' },
    ...(hasTeam
      ? [{ to: paths.attendance(), label: 'shell.menu.attendance' as const, icon: 'attendance' as const }]
      : []),
    // the team's file share (issue 18), for members of a team
    ...(hasTeam ? [{ to: paths.files(), label: 'shell.menu.files' as const, icon: 'files' as const }] : []),
    { to: paths.profile(), label: 'layout.nav.profile', icon: 'profile', end: true },
  ];
}

/** The width from which the sidebar replaces the top bar's menu (spec §9.1 "Sidebar opens at: width 1024 or more"). */
export const SIDEBAR_MEDIA = '(min-width: 1024px)';

/** Up to this width the top bar folds the menu into a menu button (NavMenu): its tabs would take a second row. Keep in step with auth-layout.css. */
export const PHONE_MEDIA = '(max-width: 720px)';
