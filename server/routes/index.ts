import type { FastifyInstance } from 'fastify';
import type { LandingPages } from '../web/landing';
import health from './health';
import categories from './categories';
import media from './media';
import auth from './auth';
import passwordReset from './password-reset';
import me from './me';
import profiles from './profiles';
import users from './users';
import conversations from './conversations';
import messages from './messages';
import notifications from './notifications';
import counts from './counts';
import banners from './banners';
import products from './products';
import reviews from './reviews';
import favorites from './favorites';
import sync from './sync';
import rates from './rates';
import push from './push';
import uploads from './uploads';
import events from './events';
import offers from './offers';
import orders from './orders';
import rfqs from './rfqs';
import reports from './reports';
import moderation from './moderation';
import blocks from './blocks';
import verification from './verification';
import appeals from './appeals';
import landingPages from './landing-pages';
import metrics from './metrics';

/** Every API resource, one file each (docs/api.md#calls). Each plugin declares its own /api/... paths. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(health);
  await app.register(metrics);
  await app.register(categories);
  await app.register(media);
  await app.register(auth);
  await app.register(passwordReset);
  await app.register(me);
  await app.register(profiles);
  await app.register(users);
  await app.register(conversations);
  await app.register(messages);
  await app.register(notifications);
  await app.register(counts);
  await app.register(banners);
  await app.register(products);
  await app.register(reviews);
  await app.register(favorites);
  await app.register(events);
  await app.register(sync);
  await app.register(rates);
  await app.register(push);
  await app.register(uploads);
  await app.register(offers);
  await app.register(orders);
  await app.register(rfqs);
  await app.register(reports);
  await app.register(moderation);
  await app.register(blocks);
  await app.register(verification);
  await app.register(appeals);
}

/** The routes served beside the web app's pages (robots.txt, the sitemaps), when the server serves the web app. */
export async function registerPageRoutes(app: FastifyInstance, landing: LandingPages) {
  await app.register(landingPages, { landing });
}
