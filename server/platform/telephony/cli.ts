// `npm run telephony`: starts the local carrier (Janus + the lead phone) and prints exactly one line once both
// answer: `telephony ready janus=<url> sip=<uri>`. Ctrl-C (SIGINT) or SIGTERM stops both.
import path from 'node:path';
import { startLocalCarrier, TelephonyUnavailableError } from './local-carrier.js';

const dataDir = path.resolve(process.env.DATA_DIR || '.data');

try {
  // JANUS_EVENT_LOOPS: Janus's shared media threads (`event_loops`); unset or 0 = a thread per handle, Janus's default.
  const eventLoops = process.env.JANUS_EVENT_LOOPS ? Number(process.env.JANUS_EVENT_LOOPS) : undefined;
  const carrier = await startLocalCarrier({ dataDir, eventLoops });
  process.stdout.write(`telephony ready janus=${carrier.janusUrl} sip=${carrier.sipUri}\n`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void carrier.stop().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(`${error instanceof TelephonyUnavailableError ? error.message : String(error)}\n`);
  process.exit(1);
}
