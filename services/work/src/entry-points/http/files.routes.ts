import { z } from 'zod';
import { ZTextSchema } from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { openSubmissionFile } from '../../domain/files.use-case.js';
import { inlineContentDisposition } from '../../domain/task-rules.js';

const ZFileParamsSchema = z.strictObject({ fileName: ZTextSchema('File name').max(300) });

/** GET /api/files/{fileName}: a submission file for its owner and admins, displayed inline, never as a page. */
export function registerFileRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get('/api/files/:fileName', { onRequest: hooks.authenticate, schema: { params: ZFileParamsSchema } }, async (request, reply) => {
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
}
