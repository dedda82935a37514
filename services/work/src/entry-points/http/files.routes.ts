import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTextSchema } from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import { openSubmissionFile } from '../../domain/files.use-case.js';
import { inlineContentDisposition } from '../../domain/task-rules.js';
import type { TRouteDeps } from './route-deps.js';

const ZFileParamsSchema = z.strictObject({ fileName: ZTextSchema('File name').max(300) });

/** GET /api/files/{fileName}: a submission file for its owner and admins, displayed inline, never as a page. */
export async function registerFileRoutes(app: TApp, { deps, hooks }: TRouteDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', hooks.authenticate);
    scope.get('/api/files/:fileName', { schema: { params: ZFileParamsSchema } }, async (request, reply) => {
      const file = await openSubmissionFile(deps, authUserOf(request), request.params.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', inlineContentDisposition(file.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });
  });
}
