/**
 * `npm run backup [-- --namespace platform] [--out .dev/backups]`: dumps every service database of the namespace
 * and its files into a timestamped folder (see scripts/backups.ts). The stack may keep running.
 */
import { parseArgs } from 'node:util';
import { backup } from './backups.js';

const { values } = parseArgs({ options: { namespace: { type: 'string', default: 'platform' }, out: { type: 'string' } } });
try {
  const { dir, manifest } = await backup({ namespace: values.namespace, outDir: values.out, log: (line) => console.log(line) });
  console.log(`Backup of "${manifest.namespace}" written to ${dir} (${Object.keys(manifest.databases).join(', ')}${manifest.files ? ', files' : ''}).`);
  console.log(`Restore it with: npm run restore -- --from ${dir} --namespace <a new namespace>`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
