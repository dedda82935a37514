/**
 * `npm run restore -- --from <backup folder> --namespace <new namespace> [--replay-minutes 60]`: loads a backup into a
 * namespace of its own (new databases `<namespace>_<service>` and `.dev/<namespace>/`); start a stack on it with
 * `STACK_NAMESPACE=<namespace> npm start`. See scripts/backups.ts for what the replay does.
 */
import { parseArgs } from 'node:util';
import { restore } from './backups.js';

const { values } = parseArgs({ options: { from: { type: 'string' }, namespace: { type: 'string' }, 'replay-minutes': { type: 'string', default: '60' } } });
if (!values.from || !values.namespace) {
  console.error('Usage: npm run restore -- --from <backup folder> --namespace <new namespace> [--replay-minutes 60]');
  process.exit(2);
}
try {
  await restore({ from: values.from, namespace: values.namespace, replayMinutes: Number(values['replay-minutes']), log: (line) => console.log(line) });
  console.log(`Restored into namespace "${values.namespace}".`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
