/**
 * `npm run restore -- --from <backup folder> --namespace <new namespace>`: loads a backup into a namespace of its own
 * (new databases `<namespace>_<service>` and `.dev/<namespace>/`). Then start a stack on it
 * (`STACK_NAMESPACE=<namespace> npm start`) and, once it runs, replay the events of the hour before the backup:
 * `npm run restore -- --replay --from <backup folder> --namespace <namespace> [--minutes 60]` (see scripts/backups.ts).
 */
import { parseArgs } from 'node:util';
import { replayEvents, restore } from './backups.js';

const { values } = parseArgs({
  options: { from: { type: 'string' }, namespace: { type: 'string' }, replay: { type: 'boolean', default: false }, minutes: { type: 'string', default: '60' } },
});
if (!values.from || !values.namespace) {
  console.error('Usage: npm run restore -- --from <backup folder> --namespace <new namespace>');
  console.error('       npm run restore -- --replay --from <backup folder> --namespace <namespace> [--minutes 60]   (once the stack runs on it)');
  process.exit(2);
}
try {
  if (values.replay) {
    const count = await replayEvents({ from: values.from, namespace: values.namespace, minutes: Number(values.minutes), log: (line) => console.log(line) });
    console.log(`${count} events will be published again; consumers skip those they had applied.`);
  } else {
    await restore({ from: values.from, namespace: values.namespace, log: (line) => console.log(line) });
    console.log(`Restored into namespace "${values.namespace}". Start it (STACK_NAMESPACE=${values.namespace} npm start), then:`);
    console.log(`  npm run restore -- --replay --from ${values.from} --namespace ${values.namespace}`);
  }
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
