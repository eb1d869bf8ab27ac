import express, { type Express, type Router } from 'express';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Sequelize } from 'sequelize';
import { formatMessage } from '@tsudoi/common';
import { chosenLocale } from '@tsudoi/common/i18n/locale-cookie';
import type { Config } from './config';
import type { Logger } from './lib/logger';
import type { WorkerPool } from './media/worker-pool';
import { apiKeyMiddleware } from './http/api-key';
import { contentEncodingGuard } from './http/content-encoding';
import { malformedUrlGuard } from './http/url-guard';
import { apiNotFound, errorHandler } from './http/error-handler';
import { localeMiddleware } from './http/locale';
import { securityHeaders } from './http/security';
import { SpaShell } from './http/spa';
import { trustFunction } from './http/trust-proxy';
import { healthRoutes } from './features/health/health.routes';
import './http/request-context';

/**
 * Routes a browser reaches by navigation (e.g. the OAuth redirects of social
 * sign-in): mounted under /api before the API-key check, because a
 * navigation cannot send x-api-key. They must not answer data.
 */
export interface BrowserRoutes {
  browser: Router;
}

export interface AppDeps {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  media: WorkerPool;
  /** Feature routers, mounted under /api behind the API key and JSON parsing (BrowserRoutes before the key). */
  apiRouters: (Router | BrowserRoutes)[];
  /** Server-rendered pages (the public site), before the floor UI's catch-all. */
  pageRouters?: Router[];
}

const isBrowserRoutes = (router: Router | BrowserRoutes): router is BrowserRoutes => 'browser' in router;

/** Links that are credentials (a recording's signed link, a guest's app_id, a token in a link) stay out of the logs. */
export const redactQuery = (url: string) => url.replace(/([?&](?:sig|app_id|token)=)[^&#]*/g, '$1…');

/** Express assembly: /api (API key, JSON, locale, feature routers), /admin/{key}, and the floor UI at /. */
export function createApp({ config, logger, sequelize, media, apiRouters, pageRouters = [] }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustFunction(config.trustProxy));
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactQuery(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders(config.publicUrl?.startsWith('https://') ?? false));
  app.use(compression());
  app.use(localeMiddleware);
  app.use(malformedUrlGuard);

  const api = express.Router();
  api.use(contentEncodingGuard);
  api.use(healthRoutes({ sequelize, media, version: config.version }));
  for (const routes of apiRouters.filter(isBrowserRoutes)) api.use(routes.browser);
  api.use(apiKeyMiddleware(config.apiKey));
  api.use(express.json({ limit: '1mb' }));
  for (const router of apiRouters) if (!isBrowserRoutes(router)) api.use(router);
  api.use(apiNotFound);
  app.use('/api', api);

  const ui = new SpaShell(config.uiDistDir);
  const admin = new SpaShell(config.adminDistDir);
  app.use('/admin-assets', admin.assets());
  app.get(['/admin', '/admin/{*rest}'], (req, res) => {
    const key = req.path.split('/')[2];
    if (key === config.adminKey) return admin.send(res, { apiKey: config.apiKey, adminKey: config.adminKey });
    const locale = chosenLocale(req.get('cookie') ?? '');
    admin.send(
      res,
      { apiKey: config.apiKey, error: { status: 404, message: formatMessage(locale, 'errors.PAGE_NOT_FOUND') } },
      404,
    );
  });
  for (const pages of pageRouters) app.use(pages);
  app.use(ui.assets());
  app.get('/{*rest}', (_req, res) =>
    ui.send(res, { apiKey: config.apiKey, chatUploadMaxBytes: config.uploads.chatMaxBytes }),
  );
  app.use(errorHandler(logger));
  return app;
}
