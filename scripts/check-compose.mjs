// Where no `docker compose` is available, checks docker-compose.yml's shape: the services and what they need.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const doc = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
const problems = [];
const services = doc?.services ?? {};
for (const name of ['mongo', 'redis', 'api', 'worker', 'proxy'])
  if (!services[name]) problems.push(`service "${name}" is missing`);
const env = services.api?.environment ?? {};
for (const key of ['MONGO_URL', 'REDIS_URL', 'JWT_SECRET'])
  if (!(key in env)) problems.push(`api.environment.${key} is missing`);
if (!String(services.mongo?.command ?? '').includes('--replSet')) problems.push('mongo must run as a replica set');
if (!String(services.redis?.command ?? '').includes('appendonly')) problems.push('redis must have AOF on');
if (services.api?.ports || services.worker?.ports)
  problems.push('api and worker must not publish fixed ports (they scale)');
if (!services.janus) problems.push('service "janus" is missing');
else if ((services.janus.ports ?? []).some((port) => !String(port).endsWith('/udp')))
  problems.push('janus must publish only its RTP ranges (its HTTP API stays inside the network)');
// The room model (the default SIP_CALL_MODEL) needs Janus's AudioBridge plugin loaded and configured by the image.
const janusEntrypoint = readFileSync('deploy/janus/entrypoint.sh', 'utf8');
if (!janusEntrypoint.includes('libjanus_audiobridge.so') || !janusEntrypoint.includes('janus.plugin.audiobridge.jcfg'))
  problems.push('the janus image must load and configure libjanus_audiobridge.so (the call rooms)');
if (!services.janus?.environment?.JANUS_ROOM_RTP_RANGE)
  problems.push("janus.environment.JANUS_ROOM_RTP_RANGE is missing (the call rooms' plain-RTP ports)");
for (const [name, svc] of Object.entries(services)) {
  for (const dep of Object.keys(svc.depends_on ?? {}))
    if (!services[dep]) problems.push(`${name} depends on unknown service ${dep}`);
}
if (problems.length) {
  console.error(`docker-compose.yml: ${problems.join('; ')}`);
  process.exit(1);
}
console.log(
  `docker-compose.yml: ${Object.keys(services).length} services look right (docker compose is not installed here for a full check)`,
);
