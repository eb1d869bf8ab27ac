import { Router, type RequestHandler } from 'express';
import { Op, type WhereOptions } from 'sequelize';
import { formatMessage, type Locale, type MessageId } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Clock } from '../../../lib/clock';
import type { Guards } from '../../auth/guards';
import type { AdminActions } from '../admin-actions';
import type { AdminQueries } from '../admin-queries';
import type { AuditLog } from '../audit';
import { japanDate } from '../dashboard';
import type { FileSources } from '../file-sources';

export interface AdminRouteDeps {
  models: Models;
  guards: Guards;
  queries: AdminQueries;
  actions: AdminActions;
  files: FileSources;
  clock: Clock;
  audit: AuditLog;
}

/** A CSV column: its header (translated with the request's language) and its value. */
export type Column<R> = [MessageId, (row: R) => unknown];
export const header = <R>(locale: Locale, columns: Column<R>[]) => columns.map(([id]) => formatMessage(locale, id));
export const line =
  <R>(columns: Column<R>[]) =>
  (row: R) =>
    columns.map(([, value]) => value(row));
export const stamp = (clock: Clock) => japanDate(clock.now()).replace(/-/g, '');
export const t = (locale: Locale, id: MessageId) => formatMessage(locale, id);
/** The next page of a streamed export: ids after the last one sent. */
export const byIdIn = (afterId: number): WhereOptions => ({ id: { [Op.gt]: afterId } });

/** What every group of admin routes is given: the router, its admin-guarded GET, and the dependencies. */
export interface AdminRouteKit extends AdminRouteDeps {
  router: Router;
  get: (path: string, handler: RequestHandler) => void;
}

export function adminRouteKit(deps: AdminRouteDeps): AdminRouteKit {
  const router = Router();
  return { ...deps, router, get: (path, handler) => void router.get(path, deps.guards.admin, handler) };
}
