import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { forbidden, notFound } from '../lib/errors';
import { idParams } from '../lib/params';
import { page, readPaging } from '../lib/paging';
import { parseInput } from '../lib/validate';
import { readForm } from '../services/media/forms';
import { failures } from '../lib/responses';
import { productById } from '../services/catalogue/products';
import { actionPage, reinstateUser, reportDetail, reportPage, resolveReport, restoreProduct } from '../services/trust/moderation';
import { decideVerification, verificationPage } from '../services/trust/verification';
import { productSchema } from '@/shared/catalogue';
import { pageSchema } from '@/shared/types';
import {
  moderationActionSchema,
  moderationReasonSchema,
  moderationReportSchema,
  resolveSchema,
  verificationRequestSchema,
} from '@/shared/trust-schema';

const reportStatus = z.object({ status: z.enum(['open', 'resolved']).default('open') }).loose();
const verificationStatus = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }).loose();
/** Reinstate and restore: a reason for the log, optional. */
const optionalReason = z.strictObject({ reason: z.string().trim().max(1000).optional() });

/**
 * The moderators' calls (docs/api.md#trust-and-safety): the report queue, actions on reported targets,
 * reinstating accounts and restoring products, business verification requests, and the log of
 * every action. Everything here answers 403 to anyone but a moderator (401 to guests).
 */
const moderation: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    if (!app.isModerator(requireUser(request))) throw forbidden();
  });
  const moderatorId = (request: { user: { id: number } | null }) => (request.user as { id: number }).id;

  app.get(
    '/api/moderation/reports/',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The report queue: open reports most-reported target first, or resolved ones newest first',
        querystring: reportStatus,
        response: { 200: pageSchema(moderationReportSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const paging = readPaging(request);
      const { results, count } = await reportPage(app.db, request.query.status, paging);
      return page(request, results, count, paging);
    },
  );

  app.get(
    '/api/moderation/reports/:id/',
    {
      schema: {
        tags: ['moderation'],
        summary: "A report with its target's history: every report of it and every earlier action",
        params: idParams,
        response: { 200: moderationReportSchema, ...failures(401, 403, 404) },
      },
    },
    async (request) => reportDetail(app.db, request.params.id),
  );

  app.post(
    '/api/moderation/reports/:id/resolve/',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss, hide or suspend, with a reason: every open report of the same target is resolved with it',
        params: idParams,
        response: { 200: moderationReportSchema, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { action, reason } = parseInput(resolveSchema, (await readForm(request)).fields);
      const { report, notificationIds } = await resolveReport(app.db, moderatorId(request), request.params.id, action, reason);
      app.push.notified(...notificationIds);
      return report;
    },
  );

  app.post(
    '/api/moderation/users/:id/reinstate/',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Lift a suspension; the products hidden because of it are shown again',
        params: idParams,
        response: { 200: z.object({ id: z.number(), is_suspended: z.boolean() }), ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { reason } = parseInput(optionalReason, (await readForm(request)).fields);
      return reinstateUser(app.db, moderatorId(request), request.params.id, reason ?? '');
    },
  );

  app.post(
    '/api/moderation/products/:id/restore/',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Show a hidden product again (an open appeal of it is resolved, its supplier told)',
        params: idParams,
        response: { 200: productSchema, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { reason } = parseInput(optionalReason, (await readForm(request)).fields);
      const notificationIds = await restoreProduct(app.db, moderatorId(request), request.params.id, reason ?? '');
      app.push.notified(...notificationIds);
      const product = await productById(app.db, request.params.id, moderatorId(request), true);
      if (!product) throw notFound();
      return product;
    },
  );

  app.get(
    '/api/moderation/actions/',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The log of moderation actions, newest first: who did what, when and why',
        response: { 200: pageSchema(moderationActionSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const paging = readPaging(request);
      const { results, count } = await actionPage(app.db, paging);
      return page(request, results, count, paging);
    },
  );

  app.get(
    '/api/moderation/verifications/',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Business verification requests (pending: oldest first)',
        querystring: verificationStatus,
        response: { 200: pageSchema(verificationRequestSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const paging = readPaging(request);
      const { results, count } = await verificationPage(app.db, request.query.status, paging);
      return page(request, results, count, paging);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/moderation/verifications/:id/${decision}/`,
      {
        schema: {
          tags: ['moderation'],
          summary:
            decision === 'approve'
              ? 'Approve: the business registration check is added and the supplier badge set'
              : 'Reject, with a reason; the supplier is told',
          params: idParams,
          response: { 200: verificationRequestSchema, ...failures(400, 401, 403, 404, 413) },
        },
      },
      async (request) => {
        const reason =
          decision === 'reject'
            ? parseInput(moderationReasonSchema, (await readForm(request)).fields).reason
            : (parseInput(optionalReason, (await readForm(request)).fields).reason ?? '');
        const { request: answer, notificationId } = await decideVerification(
          app.db,
          moderatorId(request),
          request.params.id,
          decision === 'approve',
          reason,
        );
        app.push.notified(notificationId);
        return answer;
      },
    );
  }
};

export default moderation;
