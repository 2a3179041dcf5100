// `npm run inbound-call -- --from 5550100001 --to 5550200001 [--seconds 10] [--simulator]`: a lead phone calls a
// campaign's number. Against the local carrier (an app started with PHONE_PROVIDER=sip and no SIP_PROXY wrote its SIP
// endpoint to DATA_DIR/telephony/app-sip.json), SIPp places the call and plays the carrier's greeting tones; with the
// simulator (`npm start`), or with --simulator, the app's developer route takes the call (APP_URL, default
// http://localhost:3000). Prints one line with the outcome.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { placeInboundCall, readAppSipEndpoint } from './inbound-caller.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    audio: { type: 'string' },
    simulator: { type: 'boolean', default: false },
  },
});
const digits = (number: string | undefined) => (number ?? '').replace(/\D/g, '').slice(-10);
const from = digits(values.from);
const to = digits(values.to);
if (from.length !== 10 || to.length !== 10) {
  process.stderr.write('Give --from <the lead number> and --to <the campaign number>, 10 digits each.\n');
  process.exit(2);
}
const carrierDir = path.join(path.resolve(process.env.DATA_DIR || '.data'), 'telephony');
const target = values.simulator ? null : readAppSipEndpoint(carrierDir);

if (target) {
  const result = await placeInboundCall({
    carrierDir,
    target,
    from,
    to,
    talkMs: Number(values.seconds) * 1_000,
    ...(values.audio ? { audioFile: path.resolve(values.audio) } : {}),
  });
  process.stdout.write(`inbound call ${result.outcome}${result.endedBy ? ` (ended by the ${result.endedBy})` : ''}\n`);
  process.exit(result.outcome === 'failed' ? 1 : 0);
} else {
  const appUrl = process.env.APP_URL || 'http://localhost:3000';
  const answer = await fetch(`${appUrl}/api/dev/inbound-call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, to }),
  });
  process.stdout.write(`inbound call ${answer.ok ? 'ringing (simulator)' : `refused (${answer.status})`}\n`);
  process.exit(answer.ok ? 0 : 1);
}
