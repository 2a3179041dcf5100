import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebuttalSuggestedPayload } from '../../shared/events.js';
import { SocketEvents } from '../../shared/events.js';
import { assemble, espeakProblem, speak, toNarrowband, type Utterance } from '../../bench/objection-audio.js';
import { assistCall } from '../../server/features/rebuttals/live-suggestions.js';
import { saveRebuttal } from '../../server/features/rebuttals/service.js';
import { findScripts } from '../../server/features/scripts/public.js';
import { addScriptOnce } from '../../server/features/scripts/service.js';
import { createObjectionSpotter, speechProblem } from '../../server/platform/speech/objection-spotter.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/factories.js';

const missing = speechProblem() ?? espeakProblem();
if (missing) console.warn(`live rebuttal tests skipped: ${missing}`);

async function* chunks(audio: Uint8Array) {
  for (let i = 0; i < audio.length; i += 800) yield audio.subarray(i, i + 800);
}

describe.skipIf(missing !== null)("rebuttal:suggested from a call's lead audio", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("sends the agent the campaign's best rebuttal for an objection heard, and a refusal beyond the cap", async () => {
    const { platform } = testApp;
    await saveRebuttal(platform, {
      objection: "It's too expensive.",
      campaign: 'solar',
      category: 'Price',
      rebuttal: 'Solar answer, rated higher elsewhere',
      phrases: [],
    });
    await saveRebuttal(platform, {
      objection: 'Way too expensive for us',
      campaign: 'hotel',
      category: 'Price',
      rebuttal: 'Hotel answer',
      phrases: [],
    });
    const agent = await createUser(testApp);
    const socket = await testApp.socket(agent.accessToken);
    const suggestions: RebuttalSuggestedPayload[] = [];
    socket.on(SocketEvents.rebuttalSuggested, (payload) => suggestions.push(payload));

    const utterances: Utterance[] = [
      { text: 'We moved into the house about three years ago.' },
      { text: 'Look, that is too expensive, okay?', phrase: 'too expensive' },
    ];
    const spoken = assemble(
      await Promise.all(utterances.map(async (u) => toNarrowband(await speak('en-us', 150, u.text)))),
      utterances,
      0,
    );
    const spotter = createObjectionSpotter({ maxStreams: 1 });
    const call = { callId: 'call-1', agentId: agent.user._id.toHexString(), campaignSlug: 'solar' };
    const assisted = assistCall(platform, spotter, call, chunks(spoken.audio), { encoding: 'mulaw', sampleRate: 8000 });
    expect(
      assistCall(platform, spotter, { ...call, callId: 'call-2' }, chunks(spoken.audio), {
        encoding: 'mulaw',
        sampleRate: 8000,
      }),
    ).toEqual({ assisted: false, reason: 'at-capacity' });
    if (!assisted.assisted) throw new Error(assisted.reason);
    await assisted.done;

    await expect.poll(() => suggestions.length).toBe(1);
    expect(suggestions[0]).toMatchObject({
      callId: 'call-1',
      objection: 'too expensive',
      rebuttal: { text: 'Solar answer, rated higher elsewhere', source: 'library', votes: 0 },
    });
    socket.disconnect();
  }, 90_000);

  it("keeps the script paragraph shown for an objection with the call's objections, as it read then", async () => {
    const { platform } = testApp;
    await addScriptOnce(platform, {
      campaign: 'wind',
      order: 1,
      title: 'Wind Opener',
      category: 'Opening',
      type: 'call',
      content: `Hi {name}, this is {agent} with Wind.

[If they say call me later]
Of course: what time suits you tomorrow? I will put it in my calendar now.`,
    });
    const [script] = await findScripts(platform.db, 'wind');
    const utterances: Utterance[] = [
      { text: 'We moved into the house about three years ago.' },
      { text: 'I am busy right now, call me later.', phrase: 'call me later' },
    ];
    const spoken = assemble(
      await Promise.all(utterances.map(async (u) => toNarrowband(await speak('en-us', 150, u.text)))),
      utterances,
      0,
    );
    const agent = await createUser(testApp);
    const call = { callId: 'call-3', agentId: agent.user._id.toHexString(), campaignSlug: 'wind' };
    const spotter = createObjectionSpotter({ maxStreams: 1 });
    const assisted = assistCall(platform, spotter, call, chunks(spoken.audio), { encoding: 'mulaw', sampleRate: 8000 });
    if (!assisted.assisted) throw new Error(assisted.reason);
    expect(await assisted.done).toEqual([
      expect.objectContaining({
        phrase: 'call me later',
        rebuttalId: null,
        script: {
          scriptId: script!._id.toHexString(),
          title: 'Wind Opener',
          text: 'Of course: what time suits you tomorrow? I will put it in my calendar now.',
        },
      }),
    ]);
  }, 90_000);
});
